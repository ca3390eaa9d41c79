import GameCore
import Testing

@Suite struct GridTests {
  let wall = Grid(origin: Vector(8, 20), cellSize: Vector(16, 6), columns: 9, rows: 5)
  let grid = Grid(origin: .zero, cellSize: Vector(10, 10), columns: 4, rows: 4)

  @Test func aPointIsInTheCellWhoseBoxContainsIt() {
    #expect(wall.cell(containing: Vector(30, 27)) == Grid.Cell(column: 1, row: 1))
    #expect(wall.cell(containing: Vector(8, 20)) == Grid.Cell(column: 0, row: 0))
    // On the line between two cells: the one to the right and below.
    #expect(wall.cell(containing: Vector(24, 26)) == Grid.Cell(column: 1, row: 1))
    #expect(
      wall.cell(containing: Vector(x: Fixed(raw: 24 << 16 - 1), y: Fixed(26)))
        == Grid.Cell(column: 0, row: 1))
  }

  @Test func aPointOutsideTheGridIsInNoCell() {
    #expect(wall.cell(containing: Vector(x: Fixed(raw: 8 << 16 - 1), y: Fixed(20))) == nil)
    #expect(wall.cell(containing: Vector(8 + 9 * 16, 20)) == nil)  // just past the last column
    #expect(wall.cell(containing: Vector(8, 20 + 5 * 6)) == nil)
    #expect(wall.cell(containing: Vector(-100, -100)) == nil)
  }

  @Test func aCellsBoxIsItsPlaceTimesTheCellSize() {
    #expect(wall.box(of: Grid.Cell(column: 2, row: 3)) == Box(40, 38, 16, 6))
    #expect(wall.contains(Grid.Cell(column: 8, row: 4)))
    #expect(
      !wall.contains(Grid.Cell(column: 9, row: 0)) && !wall.contains(Grid.Cell(column: 0, row: -1)))
  }

  @Test func theIndexCountsRowByRowFromTheTopLeft() {
    #expect(wall.index(of: Grid.Cell(column: 0, row: 0)) == 0)
    #expect(wall.index(of: Grid.Cell(column: 8, row: 0)) == 8)
    #expect(wall.index(of: Grid.Cell(column: 0, row: 1)) == 9)
    #expect(wall.index(of: Grid.Cell(column: 3, row: 4)) == 39)
  }

  @Test func aBoxOverlapsTheCellsItSharesMoreThanAnEdgeWith() {
    let cells = grid.cells(overlapping: Box(5, 5, 10, 10))
    #expect(cells.columns == 0..<2 && cells.rows == 0..<2)
    #expect(grid.cells(overlapping: Box(10, 10, 10, 10)).columns == 1..<2)  // touching cell 0
    #expect(grid.cells(overlapping: Box(10, 10, 10, 10)).rows == 1..<2)
    #expect(grid.cells(overlapping: Box(12, 3, 0, 0)).columns == 1..<2)  // a point inside
    #expect(grid.cells(overlapping: Box(10, 3, 0, 0)).isEmpty)  // a point on a line
  }

  @Test func theCellsAreClampedToTheGridAndEmptyOutsideIt() {
    let cells = grid.cells(overlapping: Box(-50, -5, 1_000, 10))
    #expect(cells.columns == 0..<4 && cells.rows == 0..<1)
    let outside = grid.cells(overlapping: Box(-50, 5, 10, 10))
    #expect(outside.isEmpty && outside.columns == 0..<0 && outside.rows == 0..<0)
    #expect(Array(outside).isEmpty)
    #expect(grid.cells(overlapping: Box(40, 0, 5, 5)).isEmpty)  // touching the right edge
  }

  @Test func cellsAreVisitedRowByRow() {
    let cells = Array(grid.cells(overlapping: Box(15, 5, 10, 10)))
    #expect(
      cells == [
        Grid.Cell(column: 1, row: 0), Grid.Cell(column: 2, row: 0),
        Grid.Cell(column: 1, row: 1), Grid.Cell(column: 2, row: 1),
      ])
    #expect(cells.map(grid.index(of:)) == [1, 2, 5, 6])
  }

  @Test func aGridWithoutSizeOrCellsHasNone() {
    let flat = Grid(origin: .zero, cellSize: Vector(10, 0), columns: 4, rows: 4)
    #expect(flat.cell(containing: Vector(1, 0)) == nil)
    #expect(flat.cells(overlapping: Box(0, -5, 20, 20)).isEmpty)
    let negative = Grid(origin: .zero, cellSize: Vector(-10, 10), columns: 4, rows: 4)
    #expect(negative.cell(containing: Vector(-5, 5)) == nil)
    let none = Grid(origin: .zero, cellSize: Vector(10, 10), columns: -3, rows: 4)
    #expect(none.cell(containing: Vector(5, 5)) == nil)
    #expect(none.cells(overlapping: Box(0, 0, 20, 20)).isEmpty)
  }

  @Test func extremeGridsAnswerWithoutATrap() {
    let huge = Grid(
      origin: Vector(x: Fixed(raw: .min), y: Fixed(raw: .min)),
      cellSize: Vector(x: Fixed(raw: 1), y: Fixed(raw: 1)), columns: .max, rows: .max)
    let everything = Box(
      x: Fixed(raw: .min), y: Fixed(raw: .min), width: Fixed(raw: .max), height: Fixed(raw: .max))
    let cells = huge.cells(overlapping: everything)
    #expect(cells.columns == 0..<Int(Int32.max) && cells.rows == 0..<Int(Int32.max))
    #expect(
      huge.cell(containing: Vector(x: Fixed(raw: .max), y: Fixed(raw: .max)))
        == Grid.Cell(column: Int(UInt32.max), row: Int(UInt32.max)))
    _ = huge.index(of: Grid.Cell(column: .max, row: .max))
    _ = huge.box(of: Grid.Cell(column: .min, row: .max))
  }

  @Test func theStableHashFeedsEveryField() {
    var hasher = StableHasher()
    for value: Int32 in [8 << 16, 20 << 16, 16 << 16, 6 << 16] { hasher.combine(value) }
    hasher.combine(9)
    hasher.combine(5)
    #expect(wall.stableHash == hasher.finalized)
    #expect(Grid.Cell(column: 1, row: 2).stableHash != Grid.Cell(column: 2, row: 1).stableHash)
  }

  /// Every cell of random grids tested one by one, in 128 bits: the cells a box overlaps and
  /// the cell a point is in are exactly those the brute force finds.
  @Test func queriesMatchTestingEveryCellForEveryScale() {
    var draws = CollisionDraws(seed: 0x6419)
    for round in 0..<10_000 {
      draws.nextRound(round)
      let grid = Grid(
        origin: draws.vector(), cellSize: Vector(x: draws.size(), y: draws.size()),
        columns: Int(draws.random.next(in: -1...10)), rows: Int(draws.random.next(in: -1...10)))
      let (box, point) = (draws.box(), draws.vector())
      let e = BoxTests.edges(box)
      let (x, y) = (Int128(point.x.raw), Int128(point.y.raw))
      var overlapped: [Grid.Cell] = []
      var containing: [Grid.Cell] = []
      let (width, height) = (Int128(grid.cellSize.x.raw), Int128(grid.cellSize.y.raw))
      for row in 0..<max(grid.rows, 0) where width > 0 && height > 0 {
        for column in 0..<max(grid.columns, 0) {
          let left = Int128(grid.origin.x.raw) + Int128(column) * width
          let top = Int128(grid.origin.y.raw) + Int128(row) * height
          let (right, bottom) = (left + width, top + height)
          let cell = Grid.Cell(column: column, row: row)
          if e.left < right && left < e.right && e.top < bottom && top < e.bottom {
            overlapped.append(cell)
          }
          if left <= x && x < right && top <= y && y < bottom { containing.append(cell) }
          if draws.scale == .whole {
            #expect(grid.box(of: cell).overlaps(box) == overlapped.last.map { $0 == cell } ?? false)
          }
        }
      }
      #expect(Array(grid.cells(overlapping: box)) == overlapped, "\(grid) \(box)")
      #expect(grid.cell(containing: point) == containing.first, "\(grid) \(point)")
      #expect(containing.count <= 1)
    }
  }
}
