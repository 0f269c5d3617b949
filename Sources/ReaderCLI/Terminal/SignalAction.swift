#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `sigaction` for a plain handler (or `SIG_IGN`), with an empty mask: the one field that
/// is named differently on Linux and macOS, in one place.
enum SignalAction {
    static func make(_ handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        return action
    }
}
