import Foundation

/// A file or folder the command could not make: which one, and why, in words.
struct FileProblem: Error, CustomStringConvertible {
  var description: String
}

/// Creates `folder` and its parents when missing; one clear line when it cannot
/// ("cannot create folder /dev/null/x: not a directory").
func createFolder(_ folder: String) throws {
  guard !folder.isEmpty else { return }
  do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  } catch {
    let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error)
      .map { $0 as NSError }
    let reason =
      underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil }
      ?? "\(error.localizedDescription)"
    throw FileProblem(description: "cannot create folder \(folder): \(reason.lowercased())")
  }
}

/// Creates the folder that will hold the file at `path`.
func createFolder(holding path: String) throws {
  try createFolder((path as NSString).deletingLastPathComponent)
}

/// Refuses a `--record` path that names a folder, before the run rather than after it.
func refuseFolder(_ path: String?) throws {
  guard let path else { return }
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
    throw FileProblem(description: "--record \(path) is a folder; give the replay a file name")
  }
}
