import GameCore

/// Axis values from the caller: an agent that sets its axes itself (Python's `MultiDiscrete`
/// and `Box` action spaces) rather than through its choices.
extension TrainingBatch {
  /// Sets each agent's axes in `input` from environment `index`'s row of `axes`
  /// (`[count][players][axisSlots]`, checked by ``checkAxes(_:)``): they replace whatever
  /// the agent's choice set.
  @inlinable @inline(__always)
  func setAxes(
    _ input: inout TickInput, from axes: UnsafePointer<Int32>, index: Int, players: Int
  ) {
    let slots = axisSlots
    let row = axes + index &* players &* slots
    for player in 0..<players {
      for slot in 0..<slots {
        let axis = axisTable[player &* slots &+ slot]
        if axis >= 0 { input[axis: axis] = Int(row[player &* slots &+ slot]) }
      }
    }
  }

  /// Throws the first axis value outside its axis's range.
  func checkAxes(_ axes: UnsafePointer<Int32>) throws(TrainingError) {
    let layout = G.buttons.axes
    for index in 0..<count {
      for (player, owned) in agentAxes.enumerated() {
        for (slot, axis) in owned.enumerated() {
          let value = axes[(index * players + player) * axisSlots + slot]
          guard layout[axis].range.contains(Int(value)) else {
            throw .badAxis(
              environment: index, player: player, axis: layout[axis].name, value: value,
              range: layout[axis].range)
          }
        }
      }
    }
  }
}
