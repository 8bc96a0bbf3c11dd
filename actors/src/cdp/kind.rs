//! What each browser event is to bsk, decided once when the event arrives.
//!
//! An event's method is read into an [`EventKind`] by the connection's reader, and everything
//! downstream — the reader's lanes, the tab's pump, the capture's actors and store — matches on
//! the kind. [`EventKind::roles`] is the one table of what bsk does with each kind: an
//! exhaustive `match`, so a new kind cannot be added without deciding each of its roles.

/// The CDP domain an event belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Domain {
    Network,
    Runtime,
    Log,
    Page,
    Target,
    Inspector,
    Input,
    Other,
}

impl Domain {
    fn of(method: &str) -> Domain {
        match method.split_once('.').map_or(method, |(domain, _)| domain) {
            "Network" => Domain::Network,
            "Runtime" => Domain::Runtime,
            "Log" => Domain::Log,
            "Page" => Domain::Page,
            "Target" => Domain::Target,
            "Inspector" => Domain::Inspector,
            "Input" => Domain::Input,
            _ => Domain::Other,
        }
    }
}

/// The browser events bsk reads, and every other event by its domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKind {
    RequestWillBeSent,
    RequestWillBeSentExtraInfo,
    ResponseReceived,
    ResponseReceivedExtraInfo,
    RequestServedFromCache,
    DataReceived,
    LoadingFinished,
    LoadingFailed,
    ConsoleApiCalled,
    ExceptionThrown,
    LogEntryAdded,
    BindingCalled,
    ExecutionContextCreated,
    ExecutionContextsCleared,
    FrameNavigated,
    NavigatedWithinDocument,
    FrameAttached,
    FrameDetached,
    LifecycleEvent,
    DomContentEventFired,
    LoadEventFired,
    JavascriptDialogOpening,
    JavascriptDialogClosed,
    FileChooserOpened,
    /// A drag the page started while bsk intercepts drags (`bsk drag`): its data.
    DragIntercepted,
    AttachedToTarget,
    DetachedFromTarget,
    InspectorDetached,
    TargetCrashed,
    /// Any other event, by its domain.
    Other(Domain),
}

/// What a capture records of an event, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Records {
    /// A request's life: the store's requests table.
    Network,
    /// A console entry, exception or log entry, from any target.
    Console,
    /// A page event (navigation, load, dialog), from the tab's own target only.
    Page,
}

/// What bsk does with one kind of event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Roles {
    /// It steers the owner (targets, lifecycle, navigation, dialogs): it travels in the small
    /// control lane, never dropped for evidence.
    pub control: bool,
    /// What a capture records of it.
    pub records: Option<Records>,
    /// The capture's observer of the page follows it (manual input, navigation).
    pub observed: bool,
    /// It starts or ends a request: the page's network activity (settling, network idle).
    pub activity: bool,
}

impl EventKind {
    /// The kind of the event named `method`.
    pub fn parse(method: &str) -> EventKind {
        use EventKind as K;
        match method {
            "Network.requestWillBeSent" => K::RequestWillBeSent,
            "Network.requestWillBeSentExtraInfo" => K::RequestWillBeSentExtraInfo,
            "Network.responseReceived" => K::ResponseReceived,
            "Network.responseReceivedExtraInfo" => K::ResponseReceivedExtraInfo,
            "Network.requestServedFromCache" => K::RequestServedFromCache,
            "Network.dataReceived" => K::DataReceived,
            "Network.loadingFinished" => K::LoadingFinished,
            "Network.loadingFailed" => K::LoadingFailed,
            "Runtime.consoleAPICalled" => K::ConsoleApiCalled,
            "Runtime.exceptionThrown" => K::ExceptionThrown,
            "Log.entryAdded" => K::LogEntryAdded,
            "Runtime.bindingCalled" => K::BindingCalled,
            "Runtime.executionContextCreated" => K::ExecutionContextCreated,
            "Runtime.executionContextsCleared" => K::ExecutionContextsCleared,
            "Page.frameNavigated" => K::FrameNavigated,
            "Page.navigatedWithinDocument" => K::NavigatedWithinDocument,
            "Page.frameAttached" => K::FrameAttached,
            "Page.frameDetached" => K::FrameDetached,
            "Page.lifecycleEvent" => K::LifecycleEvent,
            "Page.domContentEventFired" => K::DomContentEventFired,
            "Page.loadEventFired" => K::LoadEventFired,
            "Page.javascriptDialogOpening" => K::JavascriptDialogOpening,
            "Page.javascriptDialogClosed" => K::JavascriptDialogClosed,
            "Page.fileChooserOpened" => K::FileChooserOpened,
            "Input.dragIntercepted" => K::DragIntercepted,
            "Target.attachedToTarget" => K::AttachedToTarget,
            "Target.detachedFromTarget" => K::DetachedFromTarget,
            "Inspector.detached" => K::InspectorDetached,
            "Inspector.targetCrashed" => K::TargetCrashed,
            other => K::Other(Domain::of(other)),
        }
    }

    /// The domain of the event.
    pub fn domain(self) -> Domain {
        use EventKind as K;
        match self {
            K::RequestWillBeSent
            | K::RequestWillBeSentExtraInfo
            | K::ResponseReceived
            | K::ResponseReceivedExtraInfo
            | K::RequestServedFromCache
            | K::DataReceived
            | K::LoadingFinished
            | K::LoadingFailed => Domain::Network,
            K::ConsoleApiCalled
            | K::ExceptionThrown
            | K::BindingCalled
            | K::ExecutionContextCreated
            | K::ExecutionContextsCleared => Domain::Runtime,
            K::LogEntryAdded => Domain::Log,
            K::FrameNavigated
            | K::NavigatedWithinDocument
            | K::FrameAttached
            | K::FrameDetached
            | K::LifecycleEvent
            | K::DomContentEventFired
            | K::LoadEventFired
            | K::JavascriptDialogOpening
            | K::JavascriptDialogClosed
            | K::FileChooserOpened => Domain::Page,
            K::AttachedToTarget | K::DetachedFromTarget => Domain::Target,
            K::InspectorDetached | K::TargetCrashed => Domain::Inspector,
            K::DragIntercepted => Domain::Input,
            K::Other(domain) => domain,
        }
    }

    /// What bsk does with this kind of event: the one table.
    pub fn roles(self) -> Roles {
        use EventKind as K;
        let none = Roles::default();
        let control = Roles {
            control: true,
            ..none
        };
        let records = |records| Roles {
            records: Some(records),
            ..none
        };
        match self {
            K::RequestWillBeSent | K::LoadingFinished | K::LoadingFailed => Roles {
                activity: true,
                ..records(Records::Network)
            },
            K::RequestWillBeSentExtraInfo
            | K::ResponseReceived
            | K::ResponseReceivedExtraInfo
            | K::RequestServedFromCache => records(Records::Network),
            // One or more per request: forwarded to a capture only for streams (the pump
            // decides), whose body may never complete.
            K::DataReceived => none,
            K::ConsoleApiCalled | K::ExceptionThrown | K::LogEntryAdded => {
                records(Records::Console)
            }
            K::BindingCalled | K::ExecutionContextCreated | K::ExecutionContextsCleared => Roles {
                observed: true,
                ..none
            },
            K::FrameNavigated => Roles {
                control: true,
                records: Some(Records::Page),
                observed: true,
                activity: false,
            },
            K::LoadEventFired => Roles {
                observed: true,
                ..records(Records::Page)
            },
            K::DomContentEventFired => records(Records::Page),
            K::JavascriptDialogOpening => Roles {
                control: true,
                ..records(Records::Page)
            },
            K::NavigatedWithinDocument
            | K::FrameAttached
            | K::FrameDetached
            | K::LifecycleEvent
            | K::JavascriptDialogClosed
            | K::FileChooserOpened
            | K::DragIntercepted
            | K::AttachedToTarget
            | K::DetachedFromTarget
            | K::InspectorDetached
            | K::TargetCrashed => control,
            K::Other(Domain::Target | Domain::Inspector) => control,
            K::Other(
                Domain::Network
                | Domain::Runtime
                | Domain::Log
                | Domain::Page
                | Domain::Input
                | Domain::Other,
            ) => none,
        }
    }

    /// Whether the event steers its owner (see [`Roles::control`]).
    pub fn is_control(self) -> bool {
        self.roles().control
    }

    /// Whether a capture records the event or its observer follows it: worth forwarding.
    pub fn is_evidence(self) -> bool {
        let roles = self.roles();
        roles.records.is_some() || roles.observed
    }
}

impl From<&str> for EventKind {
    fn from(method: &str) -> EventKind {
        EventKind::parse(method)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_method_reads_back_to_its_kind_and_others_keep_their_domain() {
        for method in [
            "Network.requestWillBeSent",
            "Network.loadingFailed",
            "Runtime.consoleAPICalled",
            "Log.entryAdded",
            "Page.frameNavigated",
            "Target.attachedToTarget",
            "Inspector.targetCrashed",
        ] {
            assert!(
                !matches!(EventKind::parse(method), EventKind::Other(_)),
                "{method}"
            );
        }
        assert_eq!(
            EventKind::parse("Target.targetInfoChanged"),
            EventKind::Other(Domain::Target)
        );
        assert_eq!(
            EventKind::parse("Network.policyUpdated").domain(),
            Domain::Network
        );
        assert_eq!(
            EventKind::parse("Nonsense"),
            EventKind::Other(Domain::Other)
        );
    }

    #[test]
    fn roles_follow_the_spec() {
        use EventKind as K;
        // Navigation steers the tab and is page evidence the observer follows as well.
        let navigated = K::FrameNavigated.roles();
        assert!(navigated.control && navigated.observed);
        assert_eq!(navigated.records, Some(Records::Page));
        // Every Target and Inspector event is control, known or not.
        assert!(K::parse("Target.targetCreated").is_control());
        assert!(K::parse("Inspector.somethingNew").is_control());
        // Evidence never travels in the control lane, except what steers as well.
        assert!(!K::ResponseReceived.is_control() && K::ResponseReceived.is_evidence());
        assert!(!K::DataReceived.is_evidence());
        assert!(K::BindingCalled.is_evidence());
        assert!(!K::parse("Page.frameStartedLoading").is_evidence());
        assert!(K::LoadingFailed.roles().activity && !K::ResponseReceived.roles().activity);
        // Forwarded to a capture: what it records and what its observer follows; not the
        // events of which there are one or more per request, nor what no capture keeps.
        for method in [
            "Network.requestWillBeSent",
            "Network.requestWillBeSentExtraInfo",
            "Network.responseReceived",
            "Network.responseReceivedExtraInfo",
            "Network.requestServedFromCache",
            "Network.loadingFinished",
            "Network.loadingFailed",
            "Runtime.consoleAPICalled",
            "Runtime.exceptionThrown",
            "Log.entryAdded",
            "Page.loadEventFired",
            "Page.domContentEventFired",
            "Page.javascriptDialogOpening",
            "Runtime.bindingCalled",
        ] {
            assert!(K::parse(method).is_evidence(), "{method}");
        }
        for method in [
            "Network.dataReceived",
            "Network.policyUpdated",
            "Page.lifecycleEvent",
        ] {
            assert!(!K::parse(method).is_evidence(), "{method}");
        }
    }
}
