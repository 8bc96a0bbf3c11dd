//! Emulation: the device, network and preferences a session's tab is put under (`bsk emulate`),
//! and how they are named in the evidence ("390×844 mobile, Slow 3G").

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `bsk emulate`: what to change. Each call changes what it names and keeps the rest in force;
/// `reset` first returns the tab to the session's defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EmulateParams {
    /// Back to the session's defaults first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reset: bool,
    /// e.g. iPhone 15, Pixel 8, iPad Mini.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    /// CSS pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport: Option<Size>,
    /// Device pixel ratio.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dpr: Option<f64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mobile: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub touch: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkPreset>,
    /// ms added per request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency_ms: Option<f64>,
    /// kbit/s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub download_kbps: Option<f64>,
    /// kbit/s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload_kbps: Option<f64>,
    /// Slowdown factor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color_scheme: Option<ColorScheme>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reduced_motion: bool,
    /// e.g. de-DE.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    /// e.g. Asia/Tokyo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
}

/// A width and height in CSS pixels, written `390x844`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

impl std::str::FromStr for Size {
    type Err = String;

    fn from_str(text: &str) -> Result<Size, String> {
        let bad = || format!("`{text}` is not a size; write WIDTHxHEIGHT, e.g. 390x844");
        let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let width: u32 = w.trim().parse().map_err(|_| bad())?;
        let height: u32 = h.trim().parse().map_err(|_| bad())?;
        if !(1..=10_000).contains(&width) || !(1..=10_000).contains(&height) {
            return Err(format!(
                "`{text}`: width and height must be between 1 and 10000 CSS pixels"
            ));
        }
        Ok(Size { width, height })
    }
}

/// DevTools' network presets. `fast-3g` and `slow-4g` are the same figures: DevTools renamed
/// its Fast 3G preset to Slow 4G.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NetworkPreset {
    // Every request fails; `navigator.onLine` is false. As in DevTools, the HTTP cache still
    // answers what it holds.
    Offline,
    // 2,000 ms latency, 400 kbit/s down and up.
    #[serde(rename = "slow-3g")]
    Slow3g,
    // 562.5 ms latency, 1,440 kbit/s down, 675 kbit/s up.
    #[serde(rename = "fast-3g")]
    Fast3g,
    // The same figures as `fast-3g`.
    #[serde(rename = "slow-4g")]
    Slow4g,
    // 165 ms latency, 8,100 kbit/s down, 1,350 kbit/s up.
    #[serde(rename = "fast-4g")]
    Fast4g,
    // No throttling.
    None,
}

impl NetworkPreset {
    pub const ALL: [NetworkPreset; 6] = [
        NetworkPreset::Offline,
        NetworkPreset::Slow3g,
        NetworkPreset::Fast3g,
        NetworkPreset::Slow4g,
        NetworkPreset::Fast4g,
        NetworkPreset::None,
    ];

    /// The conditions it stands for; `None` for no throttling.
    pub fn conditions(self) -> Option<NetworkEmulation> {
        let (name, latency_ms, download_kbps, upload_kbps) = match self {
            NetworkPreset::Offline => {
                return Some(NetworkEmulation {
                    name: "Offline".into(),
                    offline: true,
                    latency_ms: 0.0,
                    download_kbps: 0.0,
                    upload_kbps: 0.0,
                });
            }
            NetworkPreset::Slow3g => ("Slow 3G", 2000.0, 400.0, 400.0),
            NetworkPreset::Fast3g => ("Fast 3G", 562.5, 1440.0, 675.0),
            NetworkPreset::Slow4g => ("Slow 4G", 562.5, 1440.0, 675.0),
            NetworkPreset::Fast4g => ("Fast 4G", 165.0, 8100.0, 1350.0),
            NetworkPreset::None => return None,
        };
        Some(NetworkEmulation {
            name: name.into(),
            offline: false,
            latency_ms,
            download_kbps,
            upload_kbps,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ColorScheme {
    Dark,
    Light,
}

/// What is in force on a tab: every override bsk set, none when the tab runs as the session
/// started it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Emulation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub viewport: Option<ViewportEmulation>,
    /// The user agent a device sets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkEmulation>,
    /// CPU slowdown factor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color_scheme: Option<ColorScheme>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reduced_motion: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ViewportEmulation {
    pub width: u32,
    pub height: u32,
    pub dpr: f64,
    pub mobile: bool,
    pub touch: bool,
    /// The device from bsk's table it came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct NetworkEmulation {
    /// `Slow 3G`, `Offline`, … or `custom`.
    pub name: String,
    pub offline: bool,
    pub latency_ms: f64,
    pub download_kbps: f64,
    pub upload_kbps: f64,
}

impl Emulation {
    /// Whether nothing is overridden.
    pub fn is_default(&self) -> bool {
        *self == Emulation::default()
    }

    /// One line a person reads: `390×844 mobile, Slow 3G, CPU 4× slower, dark`; `none` when
    /// nothing is overridden.
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        if let Some(v) = &self.viewport {
            let mut part = match &v.device {
                Some(device) => format!("{device} {}×{}", v.width, v.height),
                None => format!("{}×{}", v.width, v.height),
            };
            if v.dpr != 1.0 {
                part.push_str(&format!(" @{}x", v.dpr));
            }
            if v.mobile {
                part.push_str(" mobile");
            }
            if v.touch {
                part.push_str(" touch");
            }
            parts.push(part);
        }
        if let Some(n) = &self.network {
            parts.push(if n.name == "custom" {
                format!(
                    "network {} ms, {} kbit/s down, {} kbit/s up",
                    n.latency_ms, n.download_kbps, n.upload_kbps
                )
            } else {
                n.name.clone()
            });
        }
        if let Some(cpu) = self.cpu {
            parts.push(format!("CPU {cpu}× slower"));
        }
        if let Some(scheme) = self.color_scheme {
            parts.push(
                match scheme {
                    ColorScheme::Dark => "dark",
                    ColorScheme::Light => "light",
                }
                .into(),
            );
        }
        if self.reduced_motion {
            parts.push("reduced motion".into());
        }
        if let Some(locale) = &self.locale {
            parts.push(format!("locale {locale}"));
        }
        if let Some(zone) = &self.timezone {
            parts.push(format!("time zone {zone}"));
        }
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(", ")
        }
    }

    /// Whether requests fail as offline.
    pub fn offline(&self) -> bool {
        self.network.as_ref().is_some_and(|n| n.offline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_written() {
        assert_eq!(
            "390x844".parse::<Size>(),
            Ok(Size {
                width: 390,
                height: 844
            })
        );
        assert!("390".parse::<Size>().is_err());
        assert!("0x10".parse::<Size>().is_err());
    }

    #[test]
    fn labels_read_as_a_person_says_them() {
        let emulation = Emulation {
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
        };
        assert_eq!(emulation.label(), "390×844 @3x mobile touch, Slow 3G");
        assert_eq!(Emulation::default().label(), "none");
        assert!(NetworkPreset::None.conditions().is_none());
        assert!(
            NetworkPreset::Offline
                .conditions()
                .is_some_and(|n| n.offline)
        );
    }
}
