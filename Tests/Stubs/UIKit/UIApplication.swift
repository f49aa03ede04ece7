// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// The app's life-cycle notifications (UIApplication+Rx.swift). In the SDK they are `class let`s, which Swift source
// cannot declare; a read-only `class var` is used the same way.

@preconcurrency @MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { stub() }
    nonisolated public class var didEnterBackgroundNotification: NSNotification.Name { stub() }
    nonisolated public class var willEnterForegroundNotification: NSNotification.Name { stub() }
    nonisolated public class var didFinishLaunchingNotification: NSNotification.Name { stub() }
    nonisolated public class var didBecomeActiveNotification: NSNotification.Name { stub() }
    nonisolated public class var willResignActiveNotification: NSNotification.Name { stub() }
    nonisolated public class var didReceiveMemoryWarningNotification: NSNotification.Name { stub() }
    nonisolated public class var willTerminateNotification: NSNotification.Name { stub() }
    nonisolated public class var significantTimeChangeNotification: NSNotification.Name { stub() }
    nonisolated public class var backgroundRefreshStatusDidChangeNotification: NSNotification.Name { stub() }
    nonisolated public class var protectedDataWillBecomeUnavailableNotification: NSNotification.Name { stub() }
    nonisolated public class var protectedDataDidBecomeAvailableNotification: NSNotification.Name { stub() }
    nonisolated public class var userDidTakeScreenshotNotification: NSNotification.Name { stub() }
}
