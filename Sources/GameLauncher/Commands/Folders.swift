import Foundation
import GameCore
import GameRender

/// Creates the folder that will hold the file at `path`.
func createFolder(holding path: String) throws {
  try createFolder((path as NSString).deletingLastPathComponent)
}

/// Refuses an output path (`--record`, `--video`) that names a folder, before the run rather
/// than after it: a folder is never replaced by a file.
func refuseFolder(
  _ path: String?, flag: String = "--record", what: String = "the replay"
) throws {
  guard let path else { return }
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
    throw FileProblem(description: "\(flag) \(path) is a folder; give \(what) a file name")
  }
}

/// A Foundation error that reached the top of a command, in our words: the path it names, if
/// any, and the system's reason (never "nscocoaerrordomain error 512"); nil for the engine's
/// own errors, which say what they mean already.
func foundationErrorInWords(_ error: any Error) -> String? {
  let nsError = error as NSError
  guard nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain else {
    return nil
  }
  let reason = reasonInWords(error)
  guard let path = nsError.userInfo[NSFilePathErrorKey] as? String else { return reason }
  return "\(path): \(reason)"
}

/// Runs `body` on the replay at `path`: a ``ReplayError`` it throws is told with the file's
/// name first ("demos/seed1.replay: replay was recorded with game version 1; …"), since a
/// command may read several.
func naming<T>(replay path: String, _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as ReplayError {
    throw FileProblem(description: "\(path): \(error)")
  }
}
