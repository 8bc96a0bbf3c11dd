//! Login state for isolated sessions: a session starts with cookies and local storage from a
//! Playwright storage-state file (`session start --state`), and hands its own back
//! (`session save-state`). The CLI reads and writes the file; the daemon never touches user
//! paths. Nothing of it is evidence: cookies set here travel in `Cookie` headers, which capture
//! redacts like any other.

use std::collections::BTreeMap;

use bsk_schema::ipc::{StateCookie, StateItem, StateOrigin, StorageState};
use serde_json::{Value, json};

use crate::cdp::CdpClient;
use crate::error::{Failure, Result};
use crate::ops::target::in_world;
use crate::session::Session;
use crate::tab::Tab;

/// Puts `state` into a new session's browser context and tab, before its first navigation.
pub async fn apply(
    cdp: &CdpClient,
    context: Option<&str>,
    tab: &Tab,
    state: &StorageState,
) -> Result<()> {
    if !state.cookies.is_empty() {
        let cookies: Vec<Value> = state.cookies.iter().map(cookie_param).collect();
        let mut params = json!({ "cookies": cookies });
        if let Some(context) = context {
            params["browserContextId"] = json!(context);
        }
        cdp.call(None, "Storage.setCookies", params)
            .await
            .map_err(|e| {
                Failure::invalid_input(format!("the state file's cookies were refused: {e}"))
                    .hint("check each cookie's domain, path and sameSite (Strict, Lax or None)")
            })?;
    }
    let by_origin: BTreeMap<&str, Vec<(&str, &str)>> = state
        .origins
        .iter()
        .filter(|o| !o.local_storage.is_empty())
        .map(|o| {
            let items = o
                .local_storage
                .iter()
                .map(|i| (i.name.as_str(), i.value.as_str()))
                .collect();
            (o.origin.as_str(), items)
        })
        .collect();
    if !by_origin.is_empty() {
        // Each origin's items are set once per tab, when its first document loads, and only
        // where the page has none of its own yet: the app's later changes stand.
        let data = serde_json::to_string(&by_origin).unwrap_or_default();
        let source = format!(
            "(() => {{ const items = ({data})[location.origin]; if (!items) return; \
             try {{ if (sessionStorage.getItem('bsk:state')) return; \
             for (const [k, v] of items) if (localStorage.getItem(k) === null) localStorage.setItem(k, v); \
             sessionStorage.setItem('bsk:state', '1'); }} catch (e) {{}} }})()"
        );
        tab.call(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source, "worldName": "bsk-state" }),
        )
        .await?;
    }
    Ok(())
}

/// A session's cookies, and the local storage of the origins open in its tabs.
pub async fn read(cdp: &CdpClient, session: &Session) -> Result<StorageState> {
    let mut params = json!({});
    if let Some(context) = &session.browser_context {
        params["browserContextId"] = json!(context);
    }
    let reply = cdp.call(None, "Storage.getCookies", params).await?;
    let cookies = reply["cookies"]
        .as_array()
        .into_iter()
        .flatten()
        .map(state_cookie)
        .collect();
    let mut origins: BTreeMap<String, Vec<StateItem>> = BTreeMap::new();
    for tab in session.tabs() {
        let mut world = None;
        let read = in_world(
            &tab,
            &mut world,
            "JSON.stringify([location.origin, Object.entries(localStorage)])".to_string(),
        )
        .await;
        let Some(text) = read.ok().and_then(|v| v.as_str().map(str::to_string)) else {
            continue;
        };
        let Ok((origin, items)) = serde_json::from_str::<(String, Vec<(String, String)>)>(&text)
        else {
            continue;
        };
        if origin == "null" || items.is_empty() {
            continue;
        }
        origins.insert(
            origin,
            items
                .into_iter()
                .map(|(name, value)| StateItem { name, value })
                .collect(),
        );
    }
    Ok(StorageState {
        cookies,
        origins: origins
            .into_iter()
            .map(|(origin, local_storage)| StateOrigin {
                origin,
                local_storage,
            })
            .collect(),
    })
}

fn cookie_param(cookie: &StateCookie) -> Value {
    let mut param = json!({
        "name": cookie.name,
        "value": cookie.value,
        "domain": cookie.domain,
        "path": cookie.path,
        "httpOnly": cookie.http_only,
        "secure": cookie.secure,
        "sameSite": cookie.same_site,
    });
    if cookie.expires > 0.0 {
        param["expires"] = json!(cookie.expires);
    }
    param
}

fn state_cookie(cookie: &Value) -> StateCookie {
    let text = |key: &str| cookie[key].as_str().unwrap_or_default().to_string();
    StateCookie {
        name: text("name"),
        value: text("value"),
        domain: text("domain"),
        path: cookie["path"].as_str().unwrap_or("/").to_string(),
        expires: match cookie["session"].as_bool() {
            Some(true) => -1.0,
            _ => cookie["expires"].as_f64().unwrap_or(-1.0),
        },
        http_only: cookie["httpOnly"].as_bool().unwrap_or(false),
        secure: cookie["secure"].as_bool().unwrap_or(false),
        same_site: cookie["sameSite"].as_str().unwrap_or("Lax").to_string(),
    }
}
