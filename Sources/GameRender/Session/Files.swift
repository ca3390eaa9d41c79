import Foundation
import GameCore

/// A file or folder that could not be read or made: which one, and why, in words.
package struct FileProblem: Error, CustomStringConvertible {
  package var description: String
  package init(description: String) { self.description = description }
}

/// Creates `folder` and its parents when missing; one clear line when it cannot
/// ("cannot create folder /dev/null/x: not a directory").
package func createFolder(_ folder: String) throws {
  guard !folder.isEmpty else { return }
  do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  } catch {
    throw FileProblem(description: "cannot create folder \(folder): \(reasonInWords(error))")
  }
}

/// Why a file operation failed, as the system says it ("no space left on device").
package func reasonInWords(_ error: any Error) -> String {
  if let error = error as? ReplayFileError { return "\(error)" }
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain
  {
    return String(cString: strerror(Int32(underlying.code))).lowercased()
  }
  return nsError.localizedDescription.lowercased()
}
