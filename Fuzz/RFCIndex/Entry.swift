import RFCIndex

/// libFuzzer's entry point for the RFCIndex module (see Fuzz/run.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exercise(RFCIndexModule(), data, size)
    return 0
}
