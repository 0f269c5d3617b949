import HTML

/// libFuzzer's entry point for the HTML module (see Fuzz/run.sh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exercise(HTMLModule(), data, size)
    return 0
}
