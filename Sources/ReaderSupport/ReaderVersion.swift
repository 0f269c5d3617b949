/// The version of `reader`, for `--version` and the User-Agent.
public enum ReaderVersion {
    public static let current = "0.33.0"
}
