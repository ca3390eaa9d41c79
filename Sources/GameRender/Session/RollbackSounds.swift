import GameCore
import GameScene

/// A game's sounds in a window that shows ticks a rollback may run again: the one-shots of
/// every state the store reaches go through ``RollbackCues``, so each is heard once, and the
/// loops are those of the state shown.
///
/// It subscribes to the store the window shows (a rollback's ``TickTimeline`` notifies once for
/// the restored tick and once for each tick run again), and the window asks it once a frame:
///
/// ```swift
/// let sounds = RollbackSounds(Pong.self, store: rollback.simulation.store)
/// match.frame(localInput: input)               // may roll back and run ticks again
/// let now = sounds.take(state: rollback.simulation.state)
/// ```
package final class RollbackSounds<G: PlayableGame> {
  private(set) var cues = RollbackCues()
  private var subscription: Subscription?

  /// Follows `store`, which it can only read.
  package init(_ game: G.Type, store: some StoreProtocol<G.State, Never>) {
    subscription = store.subscribe { [unowned self] state in
      cues.saw(tick: state.tick, oneShots: G.sounds(of: state).oneShots)
    }
  }

  /// Follows a game's store through a read-only scope of it.
  package convenience init(_ game: G.Type, store: Store<G>) {
    self.init(G.self, store: store.scope(state: \.self))
  }

  /// What to play now that the store is at `state`: the one-shots not yet heard of the ticks
  /// reached since the last call, and the loops `state` names.
  package func take(state: G.State) -> Sounds {
    Sounds(oneShots: cues.take(), loops: G.sounds(of: state).loops)
  }

  deinit { subscription?.cancel() }
}
