/// The statuses the server answers with (also the error a request head is refused with).
public enum HTTPStatus: Int, Error, Equatable, Sendable {
  /// The answer.
  case ok = 200
  /// A malformed request, or a parameter out of range.
  case badRequest = 400
  /// No token, a wrong token, or a host that is not this server.
  case forbidden = 403
  /// Nothing at this path.
  case notFound = 404
  /// A method other than GET or HEAD.
  case methodNotAllowed = 405
  /// The request head did not arrive in time.
  case requestTimeout = 408
  /// A request target over ``HTTPRequest/maxTargetBytes``.
  case uriTooLong = 414
  /// A request head over the server's limit.
  case headersTooLarge = 431
  /// The handler failed.
  case internalServerError = 500
  /// Too many requests queued, or a connection still sending its head closed for a new one.
  case serviceUnavailable = 503
  /// An HTTP version other than 1.0 and 1.1.
  case versionNotSupported = 505

  /// The reason phrase.
  public var reason: String {
    switch self {
    case .ok: "OK"
    case .badRequest: "Bad Request"
    case .forbidden: "Forbidden"
    case .notFound: "Not Found"
    case .methodNotAllowed: "Method Not Allowed"
    case .requestTimeout: "Request Timeout"
    case .uriTooLong: "URI Too Long"
    case .headersTooLarge: "Request Header Fields Too Large"
    case .internalServerError: "Internal Server Error"
    case .serviceUnavailable: "Service Unavailable"
    case .versionNotSupported: "HTTP Version Not Supported"
    }
  }
}

/// A whole response: status, content type and body. Every response closes its connection.
public struct HTTPResponse: Equatable, Sendable {
  /// The status.
  public var status: HTTPStatus
  /// The `Content-Type` header's value.
  public var contentType: String
  /// The whole body (a `HEAD` request gets its length, not its bytes).
  public var body: [UInt8]

  /// A response.
  public init(status: HTTPStatus = .ok, contentType: String, body: [UInt8]) {
    self.status = status
    self.contentType = contentType
    self.body = body
  }

  /// A plain-text error whose body is one line: the status and `detail`.
  public static func error(_ status: HTTPStatus, _ detail: String? = nil) -> HTTPResponse {
    let line = "\(status.rawValue) \(status.reason)" + (detail.map { ": " + $0 } ?? "") + "\n"
    return HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8", body: Array(line.utf8))
  }

  /// The response as bytes on the wire; a `HEAD` request gets the head alone.
  ///
  /// The headers keep the page to itself: nothing is cached, nothing is sniffed, no referrer
  /// (which would carry the token) is sent, no other site may frame the page or load its
  /// files, and the page may only load scripts, styles and images from this server.
  public func serialized(headOnly: Bool = false) -> [UInt8] {
    var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
    head += "Content-Type: \(contentType)\r\n"
    head += "Content-Length: \(body.count)\r\n"
    head += "Connection: close\r\n"
    head += "Cache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\n"
    head += "Referrer-Policy: no-referrer\r\n"
    head += "X-Frame-Options: DENY\r\n"
    head += "Cross-Origin-Resource-Policy: same-origin\r\n"
    head += "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; "
    head += "img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    head += "frame-ancestors 'none'\r\n\r\n"
    return Array(head.utf8) + (headOnly ? [] : body)
  }
}
