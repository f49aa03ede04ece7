#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    // The app's life-cycle notifications as RxCocoa's `UIApplication.rx` events: each is
    // `NotificationCenter.default.rx.notification(_:)` of the named notification, mapped to `()`. UIKit posts them on
    // the main thread, where they are delivered; they never fail or complete. Building one touches no UIKit state, so
    // they can be made from any thread.
    extension Reactive where Base: UIApplication {
        /// `UIApplication.didEnterBackgroundNotification`: the app went to the background.
        public static var didEnterBackground: ControlEvent<Void> {
            event(UIApplication.didEnterBackgroundNotification)
        }

        /// `UIApplication.willEnterForegroundNotification`: the app is about to come back to the foreground.
        public static var willEnterForeground: ControlEvent<Void> {
            event(UIApplication.willEnterForegroundNotification)
        }

        /// `UIApplication.didFinishLaunchingNotification`: the app finished launching.
        public static var didFinishLaunching: ControlEvent<Void> {
            event(UIApplication.didFinishLaunchingNotification)
        }

        /// `UIApplication.didBecomeActiveNotification`: the app became active.
        public static var didBecomeActive: ControlEvent<Void> {
            event(UIApplication.didBecomeActiveNotification)
        }

        /// `UIApplication.willResignActiveNotification`: the app is about to become inactive.
        public static var willResignActive: ControlEvent<Void> {
            event(UIApplication.willResignActiveNotification)
        }

        /// `UIApplication.didReceiveMemoryWarningNotification`: the system is low on memory.
        public static var didReceiveMemoryWarning: ControlEvent<Void> {
            event(UIApplication.didReceiveMemoryWarningNotification)
        }

        /// `UIApplication.willTerminateNotification`: the app is about to end.
        public static var willTerminate: ControlEvent<Void> {
            event(UIApplication.willTerminateNotification)
        }

        /// `UIApplication.significantTimeChangeNotification`: midnight passed, the time zone or the clock changed.
        public static var significantTimeChange: ControlEvent<Void> {
            event(UIApplication.significantTimeChangeNotification)
        }

        /// `UIApplication.backgroundRefreshStatusDidChangeNotification`: background refresh was turned on or off.
        public static var backgroundRefreshStatusDidChange: ControlEvent<Void> {
            event(UIApplication.backgroundRefreshStatusDidChangeNotification)
        }

        /// `UIApplication.protectedDataWillBecomeUnavailableNotification`: protected files are about to lock.
        public static var protectedDataWillBecomeUnavailable: ControlEvent<Void> {
            event(UIApplication.protectedDataWillBecomeUnavailableNotification)
        }

        /// `UIApplication.protectedDataDidBecomeAvailableNotification`: protected files can be read again.
        public static var protectedDataDidBecomeAvailable: ControlEvent<Void> {
            event(UIApplication.protectedDataDidBecomeAvailableNotification)
        }

        /// `UIApplication.userDidTakeScreenshotNotification`: the user took a screenshot.
        public static var userDidTakeScreenshot: ControlEvent<Void> {
            event(UIApplication.userDidTakeScreenshotNotification)
        }

        private static func event(_ name: Notification.Name) -> ControlEvent<Void> {
            ControlEvent(events: NotificationCenter.default.rx.notification(name).map { _ in () })
        }
    }
#endif
