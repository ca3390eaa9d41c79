import Foundation
import GameRender

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
