import GameCore
import Testing

@testable import BlocksGame

@Suite struct PieceQueueTests {
  @Test func piecesComeOutInTheOrderTheyWentInAsFromAnArray() {
    var random = SplitMix64(seed: 11)
    var queue = PieceQueue()
    var array: [Piece] = []
    for step in 0..<2_000 {
      // Fill to between 7 and 16, then take one, as the player's refill and spawn do.
      while queue.count < 7 + Int(random.next() % 10) {
        let piece = Piece.allCases[Int(random.next() % 7)]
        queue.append(piece)
        array.append(piece)
      }
      #expect(Array(queue) == array, "step \(step)")
      #expect(queue.removeFirst() == array.removeFirst())
    }
  }

  @Test func theFirstRawValuesAreANibbleEachFirstLowest() {
    var queue = PieceQueue()
    for piece in [Piece.l, .i, .t, .o, .z, .j, .s] { queue.append(piece) }
    #expect(queue.rawValues(first: 3) == 0x206)
    #expect(queue.rawValues(first: 7) == 0x354_1206)
    #expect(queue.rawValues(first: 16) == 0x354_1206)
  }

  @Test func equalQueuesHoldTheSamePiecesAndTheInspectorSeesThemAsAnArray() {
    var a = PieceQueue()
    var b = PieceQueue()
    for piece in [Piece.s, .z, .o] {
      a.append(piece)
      b.append(piece)
    }
    #expect(a == b)
    _ = b.removeFirst()
    b.append(.s)
    #expect(a != b)
    let mirror = Mirror(reflecting: a)
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.compactMap { $0.value as? Piece } == [.s, .z, .o])
  }

  @Test func aPlayersQueueAlwaysShowsFiveAndNeverOutgrowsItsWord() {
    var player = Player(seed: 5, level: 1)
    for _ in 0..<500 {
      #expect((7...13).contains(player.queue.count))
      _ = player.takeNext()
    }
  }
}
