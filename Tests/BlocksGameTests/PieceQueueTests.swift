import GameCore
import Testing

@testable import BlocksGame

@Suite struct PieceQueueTests {
  @Test func piecesComeOutInTheOrderTheyWentIn() {
    var queue = PieceQueue()
    var array: [Piece] = []
    var random = SplitMix64(seed: 11)
    for _ in 0..<2_000 {
      if array.count < 7 || (array.count < PieceQueue.capacity && random.next() % 2 == 0) {
        let piece = Piece(rawValue: UInt8(random.next() % 7))!
        queue.append(piece)
        array.append(piece)
      } else {
        #expect(queue.removeFirst() == array.removeFirst())
      }
      #expect(Array(queue) == array && queue.count == array.count)
    }
  }

  @Test func queuesAreEqualWhenTheyHoldTheSamePiecesInOrder() {
    var emptied = PieceQueue([.t, .i])
    emptied.removeFirst()
    #expect(emptied == PieceQueue([.i]))
    #expect(PieceQueue([.i, .t]) != PieceQueue([.t, .i]))
    #expect(PieceQueue([.i]) != PieceQueue([.i, .i]))
  }

  @Test func theNextPiecesAreOneHotsOfSevenKindsInARow() {
    let queue = PieceQueue([.o, .l, .i])
    #expect(queue.oneHots(first: 5) == 1 << 1 | 1 << (7 + 6) | 1 << 14)
    #expect(queue.oneHots(first: 1) == 1 << 1)
    #expect(PieceQueue().oneHots(first: 5) == 0)
  }

  @Test func aNewPlayersQueueIsOneWholeBag() {
    let player = Player(seed: 42, level: 1)
    #expect(player.queue.count == 7 && Set(player.queue).count == 7)
  }
}
