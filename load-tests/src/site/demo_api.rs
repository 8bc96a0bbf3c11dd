//! The "Save profile" demo app's API: save a profile, read back the last one saved.

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::profile::Profile;
use super::state::SiteState;

/// `POST /api/save`: always HTTP 200; the failure is in the body, as many real APIs do it.
pub(crate) async fn save(
    State(state): State<SiteState>,
    Json(profile): Json<Profile>,
) -> Json<Value> {
    if profile.email.contains("taken") {
        return Json(json!({
            "ok": false,
            "error": {"code": "EMAIL_TAKEN", "message": "That email is already registered"}
        }));
    }
    state.profile.set(profile);
    Json(json!({"ok": true, "id": 42}))
}

/// `GET /api/profile`: the last saved profile, or `null`.
pub(crate) async fn profile(State(state): State<SiteState>) -> Json<Option<Profile>> {
    Json(state.profile.get())
}

/// `/api/save-fails`: HTTP 200 with a failure in the body.
pub(crate) async fn save_fails() -> Json<Value> {
    Json(json!({"ok": false, "error": {"code": "SAVE_FAILED"}}))
}
