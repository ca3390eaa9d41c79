import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.serialized) struct InspectCommandTests {
  static let pong = repositoryRoot + "/assets/pong/demos/seed1.replay"
  static let pongOther = repositoryRoot + "/assets/pong/demos/seed2.replay"

  @Test func everyRequestNeedsTheTokenAndTheLoopbackHost() throws {
    let inspector = try InspectorProcess([Self.pong])
    defer { inspector.stop() }
    #expect(inspector.printed.contains("open http://127.0.0.1:"))
    #expect(inspector.token.count == 32)
    #expect(try inspector.get("/").status == 200)
    #expect(try inspector.get("/", token: false).status == 403)
    #expect(try inspector.get("/api/summary", token: false).status == 403)
    #expect(
      try inspector.get("/api/summary?token=0123456789abcdef0123456789abcdef", token: false).status
        == 403)
    #expect(try inspector.get("/api/summary", host: "evil.example:\(inspector.port)").status == 403)
    // The page links its script and style with the token.
    let page = try inspector.get("/").text
    #expect(page.contains("inspector.js?token=\(inspector.token)"))
    #expect(try inspector.get("/inspector.js").status == 200)
    #expect(try inspector.get("/inspector.css").status == 200)
  }

  @Test func pathsNeverReachTheFileSystem() throws {
    let inspector = try InspectorProcess([Self.pong])
    defer { inspector.stop() }
    for path in [
      "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/..%2Fsummary", "/api%2Fsummary",
      "//etc/passwd", "/etc/passwd", "/assets/engine/font.bmp", "/inspector.js/../index.html",
      "/index.html", "/api/", "/api/state/../summary", "/api/frame.png/..",
      "/" + Self.pong,
    ] {
      #expect(try inspector.get(path).status == 404, "\(path)")
    }
    // Only the given replay: no other side without --compare, no file chosen by name.
    #expect(try inspector.get("/api/tick?tick=1&replay=b").status == 404)
    #expect(try inspector.get("/api/tick?tick=1&replay=../x").status == 404)
    #expect(try inspector.get("/api/compare?tick=1").status == 404)
    // Not GET: refused before any route.
    let post = try inspector.exchange(Array("POST /api/summary HTTP/1.1\r\n\r\n".utf8))
    #expect(post.status == 405)
  }

  @Test func absurdTicksAndRangesAre400() throws {
    let inspector = try InspectorProcess([Self.pong])
    defer { inspector.stop() }
    let ticks =
      try inspector.get("/api/summary").json["replays"].flatMap {
        ($0 as? [[String: Any]])?.first?["ticks"] as? Int
      } ?? 0
    #expect(ticks > 1_000)
    for query in [
      "/api/tick", "/api/tick?tick=-1", "/api/tick?tick=1e9", "/api/tick?tick=\(ticks + 1)",
      "/api/tick?tick=99999999999999999999", "/api/tick?tick=abc", "/api/state?tick=%20",
      "/api/frame.png?tick=\(Int.max)", "/api/inputs?from=0&to=100000",
      "/api/inputs?from=10&to=5", "/api/change?tick=1&field=nothing.at.all",
      "/api/change?tick=1&field=score&direction=sideways", "/api/diff?tick=0x10",
    ] {
      #expect(try inspector.get(query).status == 400, "\(query)")
    }
    #expect(try inspector.get("/api/tick?tick=\(ticks)").status == 200)
  }

  @Test func theEndpointsAnswerForAnyTick() throws {
    let inspector = try InspectorProcess([Self.pong])
    defer { inspector.stop() }
    let tick = try inspector.get("/api/tick?tick=640").json
    #expect(tick["tick"] as? Int == 640)
    #expect((tick["hash"] as? String)?.count == 16)
    #expect((tick["verify"] as? [String: Any])?["status"] as? String == "verified")
    let state = try inspector.get("/api/state?tick=640").json
    #expect(((state["root"] as? [String: Any])?["children"] as? [Any])?.isEmpty == false)
    let diff = try inspector.get("/api/diff?tick=640").json
    #expect(
      (diff["changes"] as? [[String: Any]])?.contains { $0["path"] as? String == "tick" } == true)
    let inputs = try inspector.get("/api/inputs?from=600&to=700").json
    #expect((inputs["ticks"] as? [Any])?.count == 101)
    let metrics = try inspector.get("/api/metrics").json
    #expect((metrics["names"] as? [String])?.isEmpty == false)
    let frame = try inspector.get("/api/frame.png?tick=640")
    #expect(frame.status == 200)
    #expect(Array(frame.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // The same tick draws the same frame, whatever was asked before.
    _ = try inspector.get("/api/frame.png?tick=3000")
    #expect(try inspector.get("/api/frame.png?tick=640").body == frame.body)
  }

  @Test func compareNamesTheFirstDivergentTick() throws {
    let inspector = try InspectorProcess([
      CompareFixtures.good, "--compare", CompareFixtures.nudged,
    ])
    defer { inspector.stop() }
    let summary = try inspector.get("/api/summary").json
    let first = try #require(summary["firstDivergentTick"] as? Int)
    // The nudge starts on tick 1,500: the paddle moves that very tick.
    #expect(first == CompareFixtures.nudgeTick)
    let at = try inspector.get("/api/compare?tick=\(first)").json
    #expect((at["count"] as? Int ?? 0) > 0)
    if first > 0 {
      #expect(try inspector.get("/api/compare?tick=\(first - 1)").json["count"] as? Int == 0)
    }
    #expect(try inspector.get("/api/frame.png?tick=\(first)&replay=b").status == 200)
  }

  @Test func aReplayThatNoLongerVerifiesIsMarkedFromItsFirstDivergentTick() throws {
    let inspector = try InspectorProcess([CompareFixtures.desync])
    defer { inspector.stop() }
    let replays = try inspector.get("/api/summary").json["replays"] as? [[String: Any]]
    let desync = try #require(replays?.first?["desync"] as? [String: Any])
    // The first checkpoint (every 64 ticks) at or after the change.
    #expect(desync["tick"] as? Int == 2_048)
    #expect(desync["sections"] as? [String] == ["points"])
    #expect((desync["report"] as? String)?.hasPrefix("desync at tick 2048") == true)
    let before = try inspector.get("/api/tick?tick=2047").json["verify"] as? [String: Any]
    #expect(before?["status"] as? String == "verified")
    let after = try inspector.get("/api/tick?tick=2048").json["verify"] as? [String: Any]
    #expect(after?["status"] as? String == "diverged")
    #expect(after?["firstMismatch"] as? Int == 2_048)
  }

  @Test func replaysOfDifferentSeedsDifferFromTheStart() throws {
    let inspector = try InspectorProcess([Self.pong, "--compare", Self.pongOther])
    defer { inspector.stop() }
    #expect(try inspector.get("/api/summary").json["firstDivergentTick"] as? Int == 0)
  }

  @Test func compareRefusesAReplayOfAnotherGame() throws {
    let result = try CommandRunner.run(
      ["inspect", Self.pong, "--compare", repositoryRoot + "/assets/blocks/demos/sprint.replay"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: --compare needs a replay of the same game"))
  }

  @Test(arguments: [
    (["--port", "-1"], "error: --port must be 0 to 65535"),
    (["--port", "65536"], "error: --port must be 0 to 65535"),
    (["--snapshot-every", "-5"], "error: --snapshot-every must be 1 to 1000000"),
    (["--snapshot-every", "0"], "error: --snapshot-every must be 1 to 1000000"),
  ])
  func outOfRangeNumbersAreNamedAsWrongNotMissing(flags: [String], message: String) throws {
    let result = try CommandRunner.run(["inspect", Self.pong] + flags)
    #expect(result.status != 0)
    #expect(result.stderr.hasPrefix(message))
  }

  @Test func aHostileFileGetsTheSameRefusalAsReplay() throws {
    let folder = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.pong)))
    bytes[bytes.count / 2] ^= 0x5A
    let path = folder.appendingPathComponent("bad.replay").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let inspected = try CommandRunner.run(["inspect", path])
    let replayed = try CommandRunner.run(["replay", path])
    #expect(inspected.status == 2)
    #expect(inspected.stdout.isEmpty)
    #expect(inspected.stderr.split(separator: "\n").count == 1)
    #expect(inspected.stderr == replayed.stderr)
    let missing = try CommandRunner.run(["inspect", folder.appendingPathComponent("none").path])
    #expect(missing.status == 2 && missing.stderr.split(separator: "\n").count == 1)
  }

  @Test func sigintAndSigtermStopItCleanly() throws {
    for signal in [SIGINT, SIGTERM] {
      let inspector = try InspectorProcess([Self.pong])
      #expect(try inspector.get("/api/summary").status == 200)
      #expect(inspector.stop(signal: signal) == 0)
      #expect(inspector.printed.hasSuffix("inspector stopped\n"))
    }
  }

  @Test func manyConcurrentRequestsAreAnsweredInBoundedMemory() throws {
    let inspector = try InspectorProcess([Self.pong])
    defer { inspector.stop() }
    _ = try inspector.get("/api/frame.png?tick=1")
    let before = inspector.residentKilobytes
    var counts: [Int: Int] = [:]
    for round in 0..<2 {
      // 100 requests in flight at once, twice over: past the server's 32 connections.
      let open = try (0..<100).map { index in
        let tick = (round * 100 + index) * 37
        return try inspector.open(
          index % 2 == 0 ? "/api/frame.png?tick=\(tick)" : "/api/state?tick=\(tick)")
      }
      for descriptor in open {
        counts[(try? inspector.receive(descriptor).status) ?? 0, default: 0] += 1
        close(descriptor)
      }
    }
    // Every request is answered: 200, or 503 when more than the server's limit were open.
    #expect(counts.keys.allSatisfy { $0 == 200 || $0 == 503 }, "\(counts)")
    #expect((counts[200] ?? 0) >= 32, "\(counts)")
    #expect(try inspector.get("/api/tick?tick=5").status == 200)
    let after = inspector.residentKilobytes
    #expect(after - before < 150_000, "grew from \(before) kB to \(after) kB")
  }
}
