import Foundation

/// Every file of a store folder with its bytes, to prove a failed command changed nothing.
struct StoreSnapshot: Equatable {
    let files: [String: Data]

    init(_ root: String) {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            let full = root + "/" + path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                !path.hasSuffix("lock")
            {
                files[path] = FileManager.default.contents(atPath: full)
            }
        }
        self.files = files
    }
}
