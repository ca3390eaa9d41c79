import GameCore
import GameFiles
import GameInspector
import GameScene
import LocalHTTP

extension ReplayInspector {
  /// A request the API refuses: its status and one line saying why.
  struct Refusal: Error {
    var status: HTTPStatus
    var reason: String
  }

  func respond(route: String, query: [String: String]) -> HTTPResponse {
    do {
      let answer: JSON
      switch route {
      case "summary": answer = summary()
      case "tick": answer = try tick(query)
      case "state": answer = try state(query)
      case "diff": answer = try diff(query)
      case "change": answer = try change(query)
      case "inputs": answer = try inputs(query)
      case "metrics": answer = try metrics(query)
      case "compare": answer = try compare(query)
      case "frame.png":
        let (side, tick) = try sideAndTick(query)
        return HTTPResponse(contentType: "image/png", body: try frame(side, tick))
      default: throw Refusal(status: .notFound, reason: "no such endpoint")
      }
      return HTTPResponse(
        contentType: "application/json; charset=utf-8", body: Array(answer.text(.compact).utf8))
    } catch let refusal as Refusal {
      return .error(refusal.status, refusal.reason)
    } catch {
      return .error(.internalServerError, "\(error)")
    }
  }

  // MARK: Query values

  /// `replay=a` (the default) or `b` (the `--compare` one).
  func side(_ query: [String: String]) throws -> Int {
    switch query["replay"] ?? "a" {
    case "a": return 0
    case "b" where sides.count == 2: return 1
    default: throw Refusal(status: .notFound, reason: "no such replay (a, or b with --compare)")
    }
  }

  /// A tick in `range`: decimal digits only, so `-1`, `1e9` and huge numbers are 400.
  func number(_ query: [String: String], _ name: String, in range: ClosedRange<Int>) throws -> Int {
    guard let text = query[name] else {
      throw Refusal(status: .badRequest, reason: "\(name) is required")
    }
    guard text.count <= 12, !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let value = Int(text),
      range.contains(value)
    else {
      throw Refusal(
        status: .badRequest,
        reason: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  func sideAndTick(_ query: [String: String]) throws -> (Int, Int) {
    let side = try side(query)
    return (side, try number(query, "tick", in: 0...sides[side].timeline.ticks))
  }

  // MARK: Answers

  func summary() -> JSON {
    let main = sides[0].timeline
    var members: [(String, JSON)] = [
      ("game", .string(G.id)), ("title", .string(G.title)),
      (
        "buttons",
        .array(
          G.buttons.buttons.map { button in
            .object([
              ("name", .string(button.name)), ("symbol", .string(String(button.symbol))),
              ("player", .int(button.player)),
            ])
          })
      ),
      ("sections", .array(main.state(at: 0).hashSections.map { .string($0.name) })),
      ("runUp", .int(Self.runUp)), ("maxInputTicks", .int(Self.maxInputTicks)),
    ]
    members.append(("replays", .array(sides.map(Self.describe))))
    if sides.count == 2 {
      members.append(("firstDivergentTick", .optional(divergence)))
    }
    return .object(members)
  }

  static func describe(_ side: Side) -> JSON {
    let timeline = side.timeline
    var complete = true
    if case .endedEarly = timeline.ending { complete = false }
    return .object([
      ("file", .string(side.name)), ("ticks", .int(timeline.ticks)),
      ("tickRate", .int(Int(timeline.header.tickRate))),
      ("seed", .string(String(timeline.header.seed))),
      ("gameVersion", .int(Int(timeline.header.gameVersion))),
      ("snapshotInterval", .int(timeline.snapshotInterval)), ("complete", .bool(complete)),
      ("recordedHashes", .int(timeline.checks.count)),
      (
        "desync",
        timeline.desync.map { report in
          .object([
            ("tick", .int(report.firstDivergentTick)),
            ("sections", .array(report.sections.map { .string($0.name) })),
            ("report", .string(report.description)),
          ])
        } ?? .null
      ),
    ])
  }

  func tick(_ query: [String: String]) throws -> JSON {
    let (side, tick) = try sideAndTick(query)
    let timeline = sides[side].timeline
    let state = timeline.state(at: tick)
    let verification = timeline.verification(through: tick)
    let status =
      verification.firstMismatch != nil
      ? "diverged" : verification.checked == 0 ? "unchecked" : "verified"
    return .object([
      ("tick", .int(tick)), ("hash", .string(ReplayFormat.hex(timeline.hashes[tick]))),
      ("buttons", .array(buttons(side, tick).map(JSON.string))),
      ("metrics", .array(G.metrics(of: state).map(JSON.init))),
      ("summary", .string(G.summary(of: state))),
      (
        "verify",
        .object([
          ("status", .string(status)), ("checked", .int(verification.checked)),
          ("of", .int(timeline.checks.count)),
          ("firstMismatch", .optional(verification.firstMismatch)),
        ])
      ),
    ])
  }

  func state(_ query: [String: String]) throws -> JSON {
    let (side, tick) = try sideAndTick(query)
    let tree = self.tree(side, tick)
    return .object([
      ("tick", .int(tick)), ("truncated", .bool(tree.truncated)), ("root", JSON(tree.root)),
    ])
  }

  func diff(_ query: [String: String]) throws -> JSON {
    let (side, tick) = try sideAndTick(query)
    let changes = tick == 0 ? [] : self.tree(side, tick).changes(since: self.tree(side, tick - 1))
    return .object([
      ("tick", .int(tick)), ("count", .int(changes.count)),
      ("changes", Self.listed(changes, before: "before", after: "after")),
    ])
  }

  /// The first ``maxChanges`` of `changes`, each `{"path", before, after}` under the keys
  /// the route names its two sides by.
  static func listed(_ changes: [FieldChange], before: String, after: String) -> JSON {
    .array(
      changes.prefix(maxChanges).map { change in
        .object([
          ("path", .string(change.path)), (before, .optional(change.before)),
          (after, .optional(change.after)),
        ])
      })
  }

  func change(_ query: [String: String]) throws -> JSON {
    let (side, tick) = try sideAndTick(query)
    guard let field = query["field"], !field.isEmpty, field.utf8.count <= 512 else {
      throw Refusal(status: .badRequest, reason: "field is required (a path such as score.points)")
    }
    let timeline = sides[side].timeline
    let direction = query["direction"] ?? "next"
    let found: ReplayTimeline<G>.ChangeSearch
    switch direction {
    case "next": found = timeline.nextChange(of: field, after: tick)
    case "previous": found = timeline.previousChange(of: field, before: tick)
    default: throw Refusal(status: .badRequest, reason: "direction must be next or previous")
    }
    switch found {
    case .found(let at):
      return .object([("field", .string(field)), ("found", .bool(true)), ("tick", .int(at))])
    case .notFound(let searchedTo):
      return .object([
        ("field", .string(field)), ("found", .bool(false)), ("tick", .null),
        ("searchedTo", .int(searchedTo)),
      ])
    case .noSuchField:
      throw Refusal(status: .badRequest, reason: "no field \(field) in this game's state")
    }
  }

  func inputs(_ query: [String: String]) throws -> JSON {
    let side = try side(query)
    let ticks = sides[side].timeline.ticks
    let from = try number(query, "from", in: 0...ticks)
    let to = try number(query, "to", in: from...min(ticks, from + Self.maxInputTicks - 1))
    return .object([
      ("from", .int(from)), ("to", .int(to)),
      (
        "ticks",
        .array(
          (from...to).map { tick in
            .object([
              ("tick", .int(tick)), ("buttons", .array(buttons(side, tick).map(JSON.string))),
            ])
          })
      ),
    ])
  }

  func metrics(_ query: [String: String]) throws -> JSON {
    let series = sides[try side(query)].timeline.metrics
    return .object([
      ("names", .array(series.names.map(JSON.string))),
      ("ticks", .array(series.ticks.map(JSON.int))),
      ("values", .array(series.values.map { .array($0.map(JSON.int)) })),
    ])
  }

  func compare(_ query: [String: String]) throws -> JSON {
    guard sides.count == 2 else {
      throw Refusal(status: .notFound, reason: "start the inspector with --compare OTHER.replay")
    }
    let common = min(sides[0].timeline.ticks, sides[1].timeline.ticks)
    let tick = try number(query, "tick", in: 0...common)
    let changes = tree(1, tick).changes(since: tree(0, tick))
    return .object([
      ("tick", .int(tick)), ("firstDivergentTick", .optional(divergence)),
      ("hashes", .array(sides.map { .string(ReplayFormat.hex($0.timeline.hashes[tick])) })),
      ("count", .int(changes.count)),
      ("differences", Self.listed(changes, before: "a", after: "b")),
    ])
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
