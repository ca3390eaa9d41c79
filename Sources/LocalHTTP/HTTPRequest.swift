/// A parsed HTTP/1.1 request head: the method, the raw path and the decoded query.
///
/// The path is kept exactly as sent, never percent-decoded: a server routes it by exact
/// match against its own few paths, so `..`, `%2e%2e` and `%2F` simply match nothing. Only
/// the query is decoded, into at most ``maxQueryItems`` items.
public struct HTTPRequest: Equatable, Sendable {
  /// Longest request target accepted (path and query).
  public static let maxTargetBytes = 2_048
  /// Most query items accepted.
  public static let maxQueryItems = 16

  /// `GET` or `HEAD` (the only methods the server accepts).
  public var method: String
  /// The path as sent (`/api/state`), query removed.
  public var path: String
  /// The query's items, percent-decoded (`+` is a space); the first of a repeated name wins.
  public var query: [String: String]
  /// The `Host` header, if any.
  public var host: String?

  /// A request.
  public init(method: String, path: String, query: [String: String] = [:], host: String? = nil) {
    self.method = method
    self.path = path
    self.query = query
    self.host = host
  }

  /// Parses a request head (the bytes before the blank line), or returns the status to
  /// refuse it with: 400 malformed, 405 another method, 414 a target too long, 505 another
  /// HTTP version.
  public static func parse(head: some Collection<UInt8>) -> Result<HTTPRequest, HTTPStatus> {
    let text = String(decoding: head, as: UTF8.self)
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
    guard let requestLine = lines.popFirst() else { return .failure(.badRequest) }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return .failure(.badRequest) }
    let method = String(parts[0])
    let target = parts[1]
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
      return .failure(parts[2].hasPrefix("HTTP/") ? .versionNotSupported : .badRequest)
    }
    guard method == "GET" || method == "HEAD" else {
      return .failure(method.isEmpty ? .badRequest : .methodNotAllowed)
    }
    guard target.utf8.count <= maxTargetBytes else { return .failure(.uriTooLong) }
    // Origin form only: an absolute URL or `*` is not for this server.
    guard target.first == "/", target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return .failure(.badRequest)
    }
    var host: String?
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return .failure(.badRequest) }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      if name == "host" {
        guard host == nil else { return .failure(.badRequest) }
        host = value
      }
    }
    let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let query = pieces.count == 2 ? parseQuery(pieces[1]) : [:] else {
      return .failure(.badRequest)
    }
    return .success(HTTPRequest(method: method, path: String(pieces[0]), query: query, host: host))
  }

  /// `a=1&b=x%20y` as items; nil when an escape is malformed or there are too many items.
  static func parseQuery(_ text: Substring) -> [String: String]? {
    var items: [String: String] = [:]
    var count = 0
    for pair in text.split(separator: "&") {
      count += 1
      guard count <= maxQueryItems else { return nil }
      let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = percentDecoded(halves[0]),
        let value = halves.count == 2 ? percentDecoded(halves[1]) : ""
      else { return nil }
      if items[name] == nil { items[name] = value }
    }
    return items
  }

  /// `text` with `%XX` escapes decoded and `+` as a space; nil for a bad escape or bytes that
  /// are not UTF-8.
  static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue),
          let low = iterator.next().flatMap(hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
