#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IPv4 address and UDP port: where a peer is.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
  /// The address, in host byte order (127.0.0.1 is `0x7F00_0001`).
  public var address: UInt32
  public var port: UInt16

  public init(address: UInt32, port: UInt16) {
    (self.address, self.port) = (address, port)
  }

  /// The loopback address at `port`.
  public static func loopback(_ port: UInt16) -> Endpoint {
    Endpoint(address: 0x7F00_0001, port: port)
  }

  /// `HOST:PORT`, the host an IPv4 address or a name (`localhost`), or why not.
  public init(parsing text: String) throws(NetError) {
    guard let colon = text.lastIndex(of: ":") else {
      throw NetError("'\(text)' is not HOST:PORT")
    }
    let host = String(text[..<colon])
    guard let port = UInt16(text[text.index(after: colon)...]), port > 0 else {
      throw NetError("'\(text)' has no port from 1 to 65535")
    }
    self.init(address: try Self.resolve(host), port: port)
  }

  /// An IPv4 address or a host name's first IPv4 address.
  public static func resolve(_ host: String) throws(NetError) -> UInt32 {
    var numeric = in_addr()
    if inet_pton(AF_INET, host, &numeric) == 1 { return UInt32(bigEndian: numeric.s_addr) }
    var hints = addrinfo()
    hints.ai_family = AF_INET
    hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard !host.isEmpty, getaddrinfo(host, nil, &hints, &found) == 0, let first = found else {
      throw NetError("'\(host)' is not an IPv4 address or a known host name")
    }
    defer { freeaddrinfo(found) }
    guard let address = first.pointee.ai_addr else { throw NetError("'\(host)' has no address") }
    return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
      UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
    }
  }

  public var description: String {
    let bytes = [24, 16, 8, 0].map { String((address >> UInt32($0)) & 0xFF) }
    return bytes.joined(separator: ".") + ":\(port)"
  }

  var socketAddress: sockaddr_in {
    var result = sockaddr_in()
    result.sin_family = sa_family_t(AF_INET)
    result.sin_port = port.bigEndian
    result.sin_addr.s_addr = address.bigEndian
    return result
  }
}

/// Why a socket could not be made or used: one sentence.
public struct NetError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}

/// A non-blocking UDP socket on one IPv4 address and port: POSIX, as LocalHTTP's server, so
/// netplay costs no dependency and no build time (SwiftNIO would add about 150 k lines).
public final class UDPSocket {
  /// The port bound (the one the system chose when asked for 0).
  public let port: UInt16
  let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 2_048)

  /// Binds `host` (an IPv4 address; loopback by default, `0.0.0.0` for every interface) and
  /// `port` (0: any free one).
  public init(host: String = "127.0.0.1", port: UInt16 = 0) throws(NetError) {
    var address = Endpoint(address: try Endpoint.resolve(host), port: port).socketAddress
    let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    let descriptor = socket(AF_INET, type | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard descriptor >= 0 else { throw NetError(Self.failure("make a UDP socket")) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let reason = Self.failure("listen on UDP \(host):\(port)")
      close(descriptor)
      throw NetError(reason)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        _ = getsockname(descriptor, $0, &length)
      }
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }

  /// Sends one datagram; false when the system would not take it (a full buffer, a peer
  /// whose port answered "unreachable"): UDP may lose any datagram, and netplay expects to.
  @discardableResult
  public func send(_ bytes: [UInt8], to endpoint: Endpoint) -> Bool {
    var address = endpoint.socketAddress
    let sent = bytes.withUnsafeBytes { data in
      withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          sendto(
            descriptor, data.baseAddress, data.count, Int32(MSG_NOSIGNAL), $0,
            socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    }
    return sent == bytes.count
  }

  /// The next datagram and its sender, waiting up to `milliseconds` (0: only one already
  /// here); nil when none came. A datagram larger than 2 KiB comes back cut to 2 KiB, which
  /// the packet decoder refuses as too large.
  public func receive(waiting milliseconds: Int = 0) -> (bytes: [UInt8], from: Endpoint)? {
    if milliseconds > 0 {
      var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&watch, 1, Int32(clamping: milliseconds)) > 0 else { return nil }
    }
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let capacity = buffer.count
    let count = buffer.withUnsafeMutableBytes { data in
      withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          recvfrom(descriptor, data.baseAddress, capacity, Int32(MSG_TRUNC), $0, &length)
        }
      }
    }
    guard count >= 0 else { return nil }
    let from = Endpoint(
      address: UInt32(bigEndian: address.sin_addr.s_addr), port: UInt16(bigEndian: address.sin_port))
    return (Array(buffer[0..<min(count, capacity)]), from)
  }

  static func failure(_ what: String) -> String {
    "cannot \(what): \(String(cString: strerror(errno)))"
  }
}

/// Seconds since an arbitrary moment that never goes back (`CLOCK_MONOTONIC`): the driver's
/// frame pacing and round trips. Never read by a game's rules.
public func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
