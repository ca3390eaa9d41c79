#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file so that its name shows either the old file or the complete new one.
///
/// The bytes go to a temporary created exclusively next to the target (`O_EXCL`, a name no
/// other writer uses), are synced, and the temporary is renamed over the target only if the
/// target is absent or a regular file; on any failure the temporary is removed.
enum AtomicFileWriter {
  static func save(_ bytes: [UInt8], to path: String) throws(EnvironmentError) {
    var status = stat()
    if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
      throw .recordFailed("\(path) exists and is not a regular file")
    }
    var temporary = ""
    var descriptor: Int32 = -1
    for attempt in 0..<100 {
      temporary = "\(path).\(getpid()).\(attempt).part"
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw .recordFailed("cannot create \(temporary): \(reason())") }
    var done = 0
    while done < bytes.count {
      let written = bytes[done...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        let why = reason()
        close(descriptor)
        unlink(temporary)
        throw .recordFailed("cannot write \(temporary): \(why)")
      }
      done += written
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard synced, rename(temporary, path) == 0 else {
      let why = reason()
      unlink(temporary)
      throw .recordFailed("cannot save \(path): \(why)")
    }
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
