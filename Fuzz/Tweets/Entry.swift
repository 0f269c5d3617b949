import Tweets

/// libFuzzer's entry point for the Tweets module (see Fuzz/run.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exercise(TweetsModule(), data, size)
    return 0
}
