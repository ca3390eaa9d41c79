import Foundation
import GameCore
import GameFiles

#if canImport(Glibc)
  import Glibc
#endif

/// A file or folder that could not be read or made: which one, and why, in words.
package struct FileProblem: Error, CustomStringConvertible {
  package var description: String
  package init(description: String) { self.description = description }
}

/// Creates `folder` and its parents when missing, one `mkdir` at a time; one clear line in our
/// words when it cannot, naming the part of the path that stopped it
/// ("cannot create folder /etc/hostname/x: /etc/hostname is a file").
package func createFolder(_ folder: String) throws(FileProblem) {
  guard !folder.isEmpty else { return }
  var prefix = folder.hasPrefix("/") ? "/" : ""
  for component in folder.split(separator: "/") {
    if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
    prefix += component
    guard component != "." && component != ".." else { continue }
    var info = stat()
    if stat(prefix, &info) != 0 {
      if errno == ENOENT && mkdir(prefix, 0o755) == 0 { continue }
      // Made meanwhile by someone else: fine if it is a folder, judged below if not.
      if errno != EEXIST || stat(prefix, &info) != 0 {
        let reason = String(cString: strerror(errno)).lowercased()
        let part = prefix == folder ? "" : " (at \(prefix))"
        throw FileProblem(description: "cannot create folder \(folder): \(reason)\(part)")
      }
    }
    let kind = info.st_mode & S_IFMT
    guard kind != S_IFDIR else { continue }
    throw FileProblem(
      description: "cannot create folder \(folder): \(prefix) is \(describeKind(kind))")
  }
}

/// "a file", "a device", … for a `stat` mode's type bits.
package func describeKind(_ kind: mode_t) -> String {
  switch kind {
  case S_IFREG: "a file"
  case S_IFCHR, S_IFBLK: "a device"
  case S_IFIFO: "a pipe"
  case S_IFSOCK: "a socket"
  case S_IFLNK: "a symbolic link"
  default: "not a folder"
  }
}

/// Why a file operation failed, in our words: the system's reason ("no space left on device",
/// "permission denied"), never Foundation's sentences or its error domains and numbers.
package func reasonInWords(_ error: any Error) -> String {
  if let error = error as? FileError { return "\(error)" }
  if let error = error as? FileProblem { return error.description }
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain
  {
    return String(cString: strerror(Int32(underlying.code))).lowercased()
  }
  if nsError.domain == NSPOSIXErrorDomain {
    return String(cString: strerror(Int32(nsError.code))).lowercased()
  }
  guard let code = (error as? CocoaError)?.code else { return "an unexpected error" }
  switch code {
  case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
  case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
  case .fileWriteOutOfSpace: return "no space left on device"
  case .fileWriteVolumeReadOnly: return "read-only file system"
  case .fileWriteFileExists: return "something of that name already exists"
  case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "not UTF-8 text"
  case .fileReadTooLarge: return "too large to read"
  default: return "a file error the system did not explain"
  }
}
