//! A tab's emulation as CDP commands, for each kind of target it reaches.
//!
//! Measured on Chromium 156: overrides sent on the page session do not reach out-of-process
//! iframes (their fetches still run online, their media queries and time zone unchanged), and CPU
//! throttling is per renderer. So every override goes to every session bsk attaches for the tab,
//! and to each iframe attached later before it runs. The commands are always the whole state,
//! overrides and resets alike, so applying them again is harmless and a reset is one more apply.

use bsk_schema::emulation::Emulation;
use serde_json::{Value, json};

/// The emulation in force on a tab, with the commands that put a target under it.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub emulation: Emulation,
    /// The browser's own user agent, sent with a locale when no device sets one: the
    /// override that carries `Accept-Language` (and so `navigator.language`) carries a user
    /// agent too.
    pub browser_user_agent: Option<String>,
}

impl Overrides {
    /// Whether nothing is overridden: new targets need no commands.
    pub fn is_default(&self) -> bool {
        self.emulation.is_default()
    }

    /// For the page's own session: the viewport as well as everything a frame gets.
    pub fn page(&self) -> Vec<(&'static str, Value)> {
        let mut commands = vec![match &self.emulation.viewport {
            Some(v) => (
                "Emulation.setDeviceMetricsOverride",
                json!({
                    "width": v.width,
                    "height": v.height,
                    "deviceScaleFactor": v.dpr,
                    "mobile": v.mobile,
                }),
            ),
            None => ("Emulation.clearDeviceMetricsOverride", json!({})),
        }];
        commands.extend(self.frame());
        commands
    }

    /// For an out-of-process iframe: its layout follows its `<iframe>` box, so no viewport;
    /// everything else, since the page's overrides do not reach it.
    pub fn frame(&self) -> Vec<(&'static str, Value)> {
        let e = &self.emulation;
        let touch = e.viewport.as_ref().is_some_and(|v| v.touch);
        let mut features = vec![json!({
            "name": "prefers-color-scheme",
            "value": match e.color_scheme {
                Some(bsk_schema::emulation::ColorScheme::Dark) => "dark",
                Some(bsk_schema::emulation::ColorScheme::Light) => "light",
                None => "",
            },
        })];
        features.push(json!({
            "name": "prefers-reduced-motion",
            "value": if e.reduced_motion { "reduce" } else { "" },
        }));
        let mut locale = json!({});
        if let Some(l) = &e.locale {
            locale["locale"] = json!(l);
        }
        let mut commands = vec![
            (
                "Emulation.setTouchEmulationEnabled",
                json!({ "enabled": touch, "maxTouchPoints": if touch { 5 } else { 1 } }),
            ),
            ("Emulation.setUserAgentOverride", self.user_agent()),
            (
                "Emulation.setCPUThrottlingRate",
                json!({ "rate": e.cpu.unwrap_or(1.0) }),
            ),
            (
                "Emulation.setEmulatedMedia",
                json!({ "media": "", "features": features }),
            ),
            ("Emulation.setLocaleOverride", locale),
            (
                "Emulation.setTimezoneOverride",
                json!({ "timezoneId": e.timezone.as_deref().unwrap_or("") }),
            ),
        ];
        commands.extend(self.network());
        commands
    }

    /// The user agent override: a device's, with the locale as `Accept-Language` (so
    /// `navigator.language` and the requests follow it); empty, which clears it, when neither.
    fn user_agent(&self) -> Value {
        let e = &self.emulation;
        let agent = e
            .user_agent
            .as_deref()
            .or(e.locale.as_ref().and(self.browser_user_agent.as_deref()))
            .unwrap_or("");
        let mut params = json!({ "userAgent": agent });
        if let Some(locale) = &e.locale {
            params["acceptLanguage"] = json!(locale);
        }
        params
    }

    /// For every target that sends requests (workers too): the network conditions.
    ///
    /// `Network.emulateNetworkConditions` rather than the newer per-rule command: on Chromium
    /// 156 it also sets `navigator.onLine`, and `none` is one plain reset. Like DevTools'
    /// offline mode, it does not bypass the HTTP cache.
    pub fn network(&self) -> Vec<(&'static str, Value)> {
        let conditions = match &self.emulation.network {
            Some(n) => json!({
                "offline": n.offline,
                "latency": n.latency_ms,
                "downloadThroughput": throughput(n.download_kbps, n.offline),
                "uploadThroughput": throughput(n.upload_kbps, n.offline),
            }),
            None => json!({
                "offline": false,
                "latency": 0,
                "downloadThroughput": -1,
                "uploadThroughput": -1,
            }),
        };
        vec![("Network.emulateNetworkConditions", conditions)]
    }
}

/// kbit/s as CDP's bytes per second; `-1` (no limit) for an unthrottled direction.
fn throughput(kbps: f64, offline: bool) -> f64 {
    if offline {
        0.0
    } else if kbps > 0.0 {
        kbps * 1000.0 / 8.0
    } else {
        -1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_schema::emulation::{NetworkPreset, ViewportEmulation};

    #[test]
    fn a_reset_is_every_override_cleared() {
        let none = Overrides::default();
        let page = none.page();
        assert_eq!(page[0].0, "Emulation.clearDeviceMetricsOverride");
        let network = &none.network()[0].1;
        assert_eq!(network["downloadThroughput"], -1);
        assert_eq!(network["offline"], false);
    }

    #[test]
    fn frames_get_everything_but_the_viewport() {
        let overrides = Overrides {
            browser_user_agent: None,
            emulation: Emulation {
                viewport: Some(ViewportEmulation {
                    width: 390,
                    height: 844,
                    dpr: 3.0,
                    mobile: true,
                    touch: true,
                    device: None,
                }),
                network: NetworkPreset::Slow3g.conditions(),
                ..Emulation::default()
            },
        };
        let frame = overrides.frame();
        assert!(
            frame
                .iter()
                .all(|(m, _)| !m.starts_with("Emulation.setDeviceMetrics"))
        );
        let touch = frame
            .iter()
            .find(|(m, _)| *m == "Emulation.setTouchEmulationEnabled");
        assert_eq!(touch.map(|(_, p)| p["enabled"].clone()), Some(json!(true)));
        let network = &overrides.network()[0].1;
        assert_eq!(network["latency"], 2000.0);
        assert_eq!(network["downloadThroughput"], 50_000.0);
        assert_eq!(
            overrides.page()[0].1["deviceScaleFactor"],
            json!(3.0),
            "the page gets the viewport"
        );
    }
}
