import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `GameApp inspect` running in a child process, and a raw HTTP client for it: the tests see
/// exactly what a browser or a hostile local program would.
final class InspectorProcess: @unchecked Sendable {
  let process = Process()
  private let lock = NSLock()
  private var output = ""
  private(set) var port: UInt16 = 0
  private(set) var token = ""

  /// Starts `inspect` with `arguments` and waits (polling, at most 60 s) for its URL.
  init(_ arguments: [String]) throws {
    process.executableURL = CommandRunner.executable
    process.arguments = ["inspect"] + arguments
    process.environment = CommandRunner.withoutDisplay()
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let handle = pipe.fileHandleForReading
    Thread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { break }
        lock.withLock { output += String(decoding: data, as: UTF8.self) }
      }
    }.start()
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let text = lock.withLock { output }
      if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("open http://") }),
        let url = URLComponents(string: String(line.dropFirst(5)))
      {
        port = UInt16(url.port ?? 0)
        token = url.queryItems?.first { $0.name == "token" }?.value ?? ""
        return
      }
      if !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    stop()
    throw InspectorFailure(description: "inspect printed no URL: \(lock.withLock { output })")
  }

  /// Everything the process has printed so far.
  var printed: String { lock.withLock { output } }

  /// Sends SIGTERM (or `signal`) and waits, polling, at most 30 s for the process to end;
  /// returns its status, nil if it did not end.
  @discardableResult
  func stop(signal: Int32 = SIGTERM) -> Int32? {
    if process.isRunning { kill(process.processIdentifier, signal) }
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    return process.terminationStatus
  }

  /// A response: status, and the body's bytes.
  struct Response {
    var status: Int
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
  }

  /// `GET target` (the token appended unless `token` is false) with a Host header.
  func get(_ target: String, token withToken: Bool = true, host: String? = nil) throws -> Response {
    var path = target
    if withToken { path += (target.contains("?") ? "&" : "?") + "token=" + token }
    let request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n"
    return try exchange(Array(request.utf8))
  }

  /// Sends raw bytes and reads the whole answer.
  func exchange(_ request: [UInt8]) throws -> Response {
    let descriptor = try open(request)
    defer { close(descriptor) }
    return try receive(descriptor)
  }

  /// A connection with `GET target` (and the token) sent on it, its answer not yet read: many
  /// of these are many requests in flight at once.
  func open(_ target: String) throws -> Int32 {
    let request = "GET \(target)&token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    return try open(Array(request.utf8))
  }

  private func open(_ request: [UInt8]) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw InspectorFailure(description: "cannot connect")
    }
    var time = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return descriptor
  }

  /// Reads the whole answer on `descriptor` (the server closes after it).
  func receive(_ descriptor: Int32) throws -> Response {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    guard
      let end = (0..<max(0, bytes.count - 3)).first(where: {
        bytes[$0..<$0 + 4] == [13, 10, 13, 10]
      })
    else { throw InspectorFailure(description: "no response head") }
    let statusLine = String(decoding: bytes[0..<end], as: UTF8.self).split(separator: " ")
    return Response(status: Int(statusLine[1]) ?? 0, body: Array(bytes[(end + 4)...]))
  }

  /// The resident memory of the process, in kilobytes (Linux).
  var residentKilobytes: Int {
    let status =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8))
      ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}

struct InspectorFailure: Error, CustomStringConvertible {
  var description: String
}

/// The repository's folder (for the bundled demos).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
