//! Background work that is never forgotten: every spawned task's end is watched, and a panic is
//! logged with the task's name and handed to the spawner's `on_panic`, never lost with a
//! dropped `JoinHandle`.

use std::future::Future;

/// Spawns `task`; a panic in it is logged.
pub fn spawn_watched<F>(name: &'static str, task: F)
where
    F: Future<Output = ()> + Send + 'static,
{
    spawn_watched_then(name, task, || {});
}

/// Spawns `task`; a panic in it is logged, then `on_panic` runs (to mark what the task kept up
/// as broken).
pub fn spawn_watched_then<F, P>(name: &'static str, task: F, on_panic: P)
where
    F: Future<Output = ()> + Send + 'static,
    P: FnOnce() + Send + 'static,
{
    let running = tokio::spawn(task);
    tokio::spawn(async move {
        if let Err(e) = running.await
            && e.is_panic()
        {
            tracing::error!(task = name, error = %e, "a background task panicked");
            on_panic();
        }
    });
}
