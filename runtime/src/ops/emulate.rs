//! `emulate`: the tab under a phone's viewport, a slow network, a slower CPU or another
//! preference, applied to every target of the tab (see [`crate::tab::emulation`]).

use bsk_schema::debug::DebugAction;
use bsk_schema::emulation::{EmulateParams, Emulation, NetworkEmulation, ViewportEmulation};
use bsk_schema::hint::{Arg, Verb, Words};
use bsk_schema::mcp::ActAction;
use bsk_schema::words;

use crate::error::{Failure, Result};
use crate::tab::Tab;
use crate::tab::emulation::Overrides;

const EMULATE: Verb = Verb::Act(ActAction::Emulate);
/// A network of one's own figures, instead of a preset.
const CUSTOM_NETWORK: [&str; 3] = ["latency_ms", "download_kbps", "upload_kbps"];

/// A phone or tablet: its viewport in CSS pixels, pixel ratio and user agent, as its maker and
/// browser publish them.
#[derive(Debug, Clone, Copy)]
pub struct Device {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
    pub dpr: f64,
    pub user_agent: &'static str,
}

const IOS_17: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const IPADOS_17: &str = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/// The devices `--device` knows. Phones and tablets are mobile with touch.
pub const DEVICES: &[Device] = &[
    Device {
        name: "iPhone SE",
        width: 375,
        height: 667,
        dpr: 2.0,
        user_agent: IOS_17,
    },
    Device {
        name: "iPhone 15",
        width: 393,
        height: 852,
        dpr: 3.0,
        user_agent: IOS_17,
    },
    Device {
        name: "iPhone 15 Pro Max",
        width: 430,
        height: 932,
        dpr: 3.0,
        user_agent: IOS_17,
    },
    Device {
        name: "Pixel 8",
        width: 412,
        height: 915,
        dpr: 2.625,
        user_agent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    },
    Device {
        name: "Galaxy S24",
        width: 360,
        height: 780,
        dpr: 3.0,
        user_agent: "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    },
    Device {
        name: "iPad Mini",
        width: 768,
        height: 1024,
        dpr: 2.0,
        user_agent: IPADOS_17,
    },
    Device {
        name: "iPad Pro 11",
        width: 834,
        height: 1194,
        dpr: 2.0,
        user_agent: IPADOS_17,
    },
];

/// The device named `name`, however it is spaced or cased (`iphone-15`, `iPhone 15`).
pub fn device(name: &str) -> Option<&'static Device> {
    let key = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let wanted = key(name);
    DEVICES.iter().find(|d| key(d.name) == wanted)
}

/// What is in force after `params` is applied to `current`.
pub fn merge(current: &Emulation, params: &EmulateParams) -> Result<Emulation> {
    let mut next = if params.reset {
        Emulation::default()
    } else {
        current.clone()
    };
    let nothing = !params.reset && *params == EmulateParams::default();
    if nothing {
        return Err(Failure::usage("nothing to emulate").hint(words![
            "name a change, e.g. ",
            EMULATE
                .with("device", "iPhone 15")
                .with("network", "slow-3g"),
            ", or ",
            Arg::switch("reset")
        ]));
    }
    if let Some(name) = &params.device {
        let device = device(name).ok_or_else(|| {
            let names: Vec<&str> = DEVICES.iter().map(|d| d.name).collect();
            Failure::invalid_input(format!("unknown device `{name}`")).hint(words![
                format!("devices: {}; or give ", names.join(", ")),
                Arg::new("viewport", "WxH"),
                " ",
                Arg::switch("mobile"),
                " ",
                Arg::switch("touch")
            ])
        })?;
        next.viewport = Some(ViewportEmulation {
            width: device.width,
            height: device.height,
            dpr: device.dpr,
            mobile: true,
            touch: true,
            device: Some(device.name.to_string()),
        });
        next.user_agent = Some(device.user_agent.to_string());
    }
    if let Some(size) = params.viewport {
        let viewport = next.viewport.get_or_insert(ViewportEmulation {
            width: size.width,
            height: size.height,
            dpr: 1.0,
            mobile: false,
            touch: false,
            device: None,
        });
        viewport.width = size.width;
        viewport.height = size.height;
        if params.device.is_none() {
            // A size of its own is no longer the device's.
            viewport.device = None;
            next.user_agent = None;
        }
    }
    if params.dpr.is_some() || params.mobile || params.touch {
        let Some(viewport) = next.viewport.as_mut() else {
            return Err(Failure::usage(
                Words::args(&["dpr", "mobile", "touch"], "and").then(" change a viewport"),
            )
            .hint(words![
                "add ",
                Arg::new("viewport", "390x844"),
                " or ",
                Arg::new("device", "NAME")
            ]));
        };
        if let Some(dpr) = params.dpr {
            if !(0.5..=5.0).contains(&dpr) {
                return Err(Failure::invalid_input(words![
                    Arg::new("dpr", dpr),
                    " is out of range"
                ])
                .hint("device pixel ratios run from 0.5 to 5 (phones are 2 to 3.5)"));
            }
            viewport.dpr = dpr;
        }
        viewport.mobile |= params.mobile;
        viewport.touch |= params.touch;
    }
    let custom = params.latency_ms.is_some()
        || params.download_kbps.is_some()
        || params.upload_kbps.is_some();
    match (params.network, custom) {
        (Some(_), true) => {
            return Err(Failure::usage(
                words!["give ", Arg::named("network"), " or "]
                    .then(Words::args(&CUSTOM_NETWORK, "and"))
                    .then(", not both"),
            )
            .hint(words![
                "e.g. ",
                EMULATE.with("network", "slow-3g"),
                ", or ",
                EMULATE
                    .with("latency_ms", 300)
                    .with("download_kbps", 1000)
                    .with("upload_kbps", 500)
            ]));
        }
        (Some(preset), false) => next.network = preset.conditions(),
        (None, true) => {
            let figures = [params.latency_ms, params.download_kbps, params.upload_kbps];
            if figures.iter().flatten().any(|f| !f.is_finite() || *f < 0.0) {
                return Err(Failure::invalid_input(
                    Words::args(&CUSTOM_NETWORK, "and").then(" take numbers of 0 or more"),
                )
                .hint("latency in ms, throughputs in kbit/s; 0 throughput means unthrottled"));
            }
            next.network = Some(NetworkEmulation {
                name: "custom".into(),
                offline: false,
                latency_ms: params.latency_ms.unwrap_or(0.0),
                download_kbps: params.download_kbps.unwrap_or(0.0),
                upload_kbps: params.upload_kbps.unwrap_or(0.0),
            });
        }
        (None, false) => {}
    }
    if let Some(cpu) = params.cpu {
        if !(1.0..=100.0).contains(&cpu) {
            return Err(
                Failure::invalid_input(words![Arg::new("cpu", cpu), " is out of range"]).hint(
                    words![
                        "a slowdown factor from 1 (none) to 100, e.g. ",
                        Arg::new("cpu", 4)
                    ],
                ),
            );
        }
        next.cpu = Some(cpu).filter(|c| *c > 1.0);
    }
    if let Some(scheme) = params.color_scheme {
        next.color_scheme = Some(scheme);
    }
    next.reduced_motion |= params.reduced_motion;
    for (given, slot) in [
        (&params.locale, &mut next.locale),
        (&params.timezone, &mut next.timezone),
    ] {
        if let Some(value) = given {
            if value.trim().is_empty() || value.len() > 64 {
                return Err(Failure::invalid_input(format!(
                    "`{value}` is not a locale or time zone"
                ))
                .hint("a locale such as de-DE, a time zone such as Asia/Tokyo"));
            }
            *slot = Some(value.trim().to_string());
        }
    }
    Ok(next)
}

/// The caveat of a throttled network while no capture records workers.
pub fn workers_caveat(tab: &Tab, now: &Emulation) -> Option<bsk_schema::hint::Words> {
    (now.network.is_some() && !tab.capture().is_some_and(|tap| tap.records_workers())).then(|| {
        words![
            "workers' own requests are throttled only while a capture records workers (",
            Verb::Debug(DebugAction::Start).with("workers", true),
            ")"
        ]
    })
}

/// Applies `params` to the tab and says what is in force now.
pub async fn emulate(tab: &Tab, params: &EmulateParams) -> Result<(String, Emulation)> {
    let next = merge(&tab.emulation().emulation, params)?;
    // A locale travels in the user agent override, which needs a user agent: the browser's own
    // unless a device sets one.
    let browser_user_agent = match (&next.locale, &next.user_agent) {
        (Some(_), None) => tab
            .call("Browser.getVersion", serde_json::json!({}))
            .await
            .ok()
            .and_then(|v| v["userAgent"].as_str().map(str::to_string)),
        _ => None,
    };
    tab.emulate(Overrides {
        emulation: next.clone(),
        browser_user_agent,
    })
    .await?;
    let mut summary = if next.is_default() {
        "emulation reset: the tab runs as the session started it".to_string()
    } else {
        format!("emulating {}", next.label())
    };
    if next.offline() {
        summary.push_str("; as in DevTools, the HTTP cache still answers offline");
    }
    Ok((summary, next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_schema::emulation::{NetworkPreset, Size};

    #[test]
    fn a_device_sets_viewport_touch_and_user_agent_and_later_calls_keep_it() {
        let phone = merge(
            &Emulation::default(),
            &EmulateParams {
                device: Some("iphone-15".into()),
                ..EmulateParams::default()
            },
        )
        .expect("a device");
        let viewport = phone.viewport.clone().expect("a viewport");
        assert_eq!(
            (viewport.width, viewport.mobile, viewport.touch),
            (393, true, true)
        );
        assert!(
            phone
                .user_agent
                .as_deref()
                .is_some_and(|ua| ua.contains("iPhone"))
        );
        let slow = merge(
            &phone,
            &EmulateParams {
                network: Some(NetworkPreset::Slow3g),
                ..EmulateParams::default()
            },
        )
        .expect("a network");
        assert_eq!(slow.viewport, phone.viewport);
        assert_eq!(slow.label(), "iPhone 15 393×852 @3x mobile touch, Slow 3G");
        let reset = merge(
            &slow,
            &EmulateParams {
                reset: true,
                ..EmulateParams::default()
            },
        )
        .expect("a reset");
        assert!(reset.is_default());
    }

    #[test]
    fn bad_input_says_what_to_do() {
        let none = Emulation::default();
        assert!(merge(&none, &EmulateParams::default()).is_err());
        assert!(
            merge(
                &none,
                &EmulateParams {
                    mobile: true,
                    ..EmulateParams::default()
                }
            )
            .is_err(),
            "--mobile needs a viewport"
        );
        assert!(
            merge(
                &none,
                &EmulateParams {
                    device: Some("Nokia 3310".into()),
                    ..EmulateParams::default()
                }
            )
            .is_err()
        );
        let own = merge(
            &none,
            &EmulateParams {
                viewport: Some(Size {
                    width: 390,
                    height: 844,
                }),
                mobile: true,
                touch: true,
                ..EmulateParams::default()
            },
        )
        .expect("a viewport");
        assert_eq!(own.label(), "390×844 mobile touch");
    }
}
