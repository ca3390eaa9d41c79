import Foundation
import GameFiles
import GameRender
import LocalHTTP

/// What the site asks of the replays it serves, whatever their game.
protocol InspectorBackend: AnyObject {
  /// The answer to `GET /api/<route>` with this query (the token already checked).
  func respond(route: String, query: [String: String]) -> HTTPResponse
}

/// The inspector's web site: the token and host checks, the page's three files, and the
/// API, one request at a time.
///
/// Nothing in a URL reaches the file system: the page's files are read once at start and
/// served from memory by exact path, and the replays are the ones given on the command line,
/// chosen by `replay=a` or `replay=b`. Every other path is 404.
final class InspectorSite: @unchecked Sendable {
  /// The secret every request must carry as `?token=`.
  let token: String
  let port: UInt16
  private let backend: any InspectorBackend
  private let page: [String: (type: String, body: [UInt8])]
  private let lock = NSLock()

  /// A site serving `backend`, with the page's files from `folder` (`index.html`,
  /// `inspector.js`, `inspector.css`).
  init(backend: any InspectorBackend, pageFolder folder: String, token: String, port: UInt16) throws
  {
    self.backend = backend
    self.token = token
    self.port = port
    var page: [String: (type: String, body: [UInt8])] = [:]
    for (name, type) in [
      ("index.html", "text/html; charset=utf-8"),
      ("inspector.js", "text/javascript; charset=utf-8"),
      ("inspector.css", "text/css; charset=utf-8"),
    ] {
      guard let data = try? FileBytes.read(path: folder + "/" + name, maxBytes: 16 << 20) else {
        throw FileProblem(description: "the inspector's page is missing \(folder)/\(name)")
      }
      var text = String(decoding: data, as: UTF8.self)
      // The page links its script and style with the token, so they pass the check too.
      text = text.replacingOccurrences(of: "__TOKEN__", with: token)
      page[name == "index.html" ? "/" : "/" + name] = (type, Array(text.utf8))
    }
    self.page = page
  }

  /// A new random token: 128 bits as 32 hex digits.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let text = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }.joined()
  }

  /// Answers one request.
  func respond(_ request: HTTPRequest) -> HTTPResponse {
    // A page elsewhere that rebinds its own name to 127.0.0.1 still sends its own name.
    let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    guard let host = request.host, hosts.contains(host.lowercased()) else {
      return .error(.forbidden, "unexpected Host header")
    }
    guard let given = request.query["token"], Self.equalInConstantTime(given, token) else {
      return .error(.forbidden, "missing or wrong token: open the URL the inspector printed")
    }
    if let file = page[request.path] {
      return HTTPResponse(contentType: file.type, body: file.body)
    }
    guard request.path.hasPrefix("/api/") else { return .error(.notFound) }
    let route = String(request.path.dropFirst(5))
    lock.lock()
    defer { lock.unlock() }
    return backend.respond(route: route, query: request.query)
  }

  /// Compares without stopping at the first difference, so timing tells nothing.
  static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for index in x.indices { difference |= x[index] ^ y[index] }
    return difference == 0
  }
}
