import RFCText

/// libFuzzer's entry point for the RFCText module (see Fuzz/run.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exercise(RFCTextModule(), data, size)
    return 0
}
