// @ts-check
// Opened (in the background) by a daemon that finds this extension's service worker stopped:
// a message is the event that starts it again. The page closes itself.
chrome.runtime.sendMessage({ type: 'wake' }).catch(() => {}).finally(() => window.close());
