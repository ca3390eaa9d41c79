import Foundation
import GameNetplay

/// A match's handshake run on a thread of its own, so that the window keeps drawing, and
/// answers Escape or a closed window, while it waits for the other players.
///
/// The thread opens the socket, hosts or joins (``NetplayLink/host(on:terms:timeout:status:)``,
/// ``NetplayLink/join(_:on:terms:timeout:status:)``) and hands the link over; the window asks
/// each frame (``status``, ``take()``). A window closed before the end leaves the thread to the
/// process's exit: it holds nothing but its socket.
///
/// `@unchecked Sendable`: every stored property is read and written under `lock`; the link,
/// made on the thread, is only touched again by the thread that takes it.
final class NetplayHandshake: @unchecked Sendable {
  /// Whom the handshake reaches: the players who join, or the host at an address.
  enum Role: Sendable {
    case host(port: UInt16)
    case join(Endpoint)
  }

  private let lock = NSLock()
  private var _status: String
  private var _place = ""
  private var result: Result<NetplayLink, NetError>?
  private var taken = false

  private init(status: String) { _status = status }

  /// Starts the handshake on a new thread: a socket on `address` (the host's `port`, or any
  /// free one for a joiner), then the terms agreed for up to `timeout` seconds. `announce`
  /// hears the line naming the host's port once the socket is open.
  static func start(
    _ role: Role, address: String, terms: NetPacket.Terms, timeout: Double,
    announce: @escaping @Sendable (String) -> Void
  ) -> NetplayHandshake {
    let handshake = NetplayHandshake(status: "opening a socket")
    let thread = Thread {
      handshake.run(role, address: address, terms: terms, timeout: timeout, announce: announce)
    }
    thread.name = "netplay handshake"
    thread.start()
    return handshake
  }

  private func run(
    _ role: Role, address: String, terms: NetPacket.Terms, timeout: Double,
    announce: (String) -> Void
  ) {
    let outcome: Result<NetplayLink, NetError>
    do throws(NetError) {
      let update: (String) -> Void = { [self] line in lock.withLock { _status = line } }
      switch role {
      case .host(let port):
        let socket = try UDPSocket(host: address, port: port)
        lock.withLock { _place = "hosting on \(address):\(socket.port)" }
        announce("hosting \(terms.game) on \(address):\(socket.port)")
        outcome = .success(
          try NetplayLink.host(on: socket, terms: terms, timeout: timeout, status: update))
      case .join(let host):
        let socket = try UDPSocket(host: address, port: 0)
        lock.withLock { _place = "joining \(host)" }
        outcome = .success(
          try NetplayLink.join(host, on: socket, terms: terms, timeout: timeout, status: update))
      }
    } catch {
      outcome = .failure(error)
    }
    lock.withLock { result = outcome }
  }

  /// The handshake's latest word ("waiting for player 2 on port 7000").
  var status: String { lock.withLock { _status } }

  /// Where this peer waits: "hosting on 127.0.0.1:7000", "joining 127.0.0.1:7000"; empty
  /// until the socket is open.
  var place: String { lock.withLock { _place } }

  /// The link once the handshake is done (only once), the error that ended it, or nil while
  /// it runs.
  func take() -> Result<NetplayLink, NetError>? {
    lock.withLock {
      guard !taken, let result else { return nil }
      taken = true
      return result
    }
  }
}
