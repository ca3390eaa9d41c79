import LocalHTTP
import Testing

@Suite struct HTTPRequestTests {
  func parse(_ text: String) -> Result<HTTPRequest, HTTPStatus> {
    HTTPRequest.parse(head: Array(text.utf8))
  }

  @Test func aGetKeepsItsPathRawAndDecodesItsQuery() throws {
    let request = try parse(
      "GET /api/state?tick=12&field=rocks%5B0%5D.x&x=a+b HTTP/1.1\r\nHost: 127.0.0.1:8080"
    )
    .get()
    #expect(request.method == "GET")
    #expect(request.path == "/api/state")
    #expect(request.query == ["tick": "12", "field": "rocks[0].x", "x": "a b"])
    #expect(request.host == "127.0.0.1:8080")
    // Escapes in the path stay escapes: the router matches them against nothing.
    #expect(try parse("GET /%2e%2e/%2Fetc HTTP/1.1").get().path == "/%2e%2e/%2Fetc")
  }

  @Test func otherMethodsVersionsAndTargetsAreRefusedWithTheirStatus() {
    #expect(parse("POST / HTTP/1.1") == .failure(.methodNotAllowed))
    #expect(parse("GET / HTTP/2.0") == .failure(.versionNotSupported))
    #expect(parse("GET http://evil/ HTTP/1.1") == .failure(.badRequest))
    #expect(parse("GET / HTTP/1.1 extra") == .failure(.badRequest))
    #expect(
      parse("GET /" + String(repeating: "a", count: 3_000) + " HTTP/1.1") == .failure(.uriTooLong))
    #expect(parse("GET /?a=%zz HTTP/1.1") == .failure(.badRequest))
    #expect(parse("GET /?a=%ff HTTP/1.1") == .failure(.badRequest))
    #expect(parse("GET / HTTP/1.1\r\nno colon") == .failure(.badRequest))
    #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b") == .failure(.badRequest))
    let many = (0..<20).map { "k\($0)=1" }.joined(separator: "&")
    #expect(parse("GET /?\(many) HTTP/1.1") == .failure(.badRequest))
  }

  @Test func responsesCloseTheConnectionAndKeepThePageToItself() {
    let bytes = HTTPResponse.error(.notFound).serialized()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    #expect(text.contains("Connection: close\r\n"))
    #expect(text.contains("Referrer-Policy: no-referrer\r\n"))
    #expect(text.contains("Content-Security-Policy: default-src 'none';"))
    #expect(text.hasSuffix("\r\n\r\n404 Not Found\n"))
    let head = String(
      decoding: HTTPResponse.error(.notFound).serialized(headOnly: true), as: UTF8.self)
    #expect(head.hasSuffix("\r\n\r\n"))
  }
}
