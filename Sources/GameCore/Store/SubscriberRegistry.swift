/// The subscribers of one store: key-path observations grouped by value type, and whole-state
/// subscribers.
///
/// Cancelling is O(1) in the worst case: it marks the subscriber and counts it, and never
/// touches an array. Marked subscribers are skipped, and swept out in one pass when they
/// outnumber the live ones; the sweep runs before a subscribe or a notification round, never
/// during a round, so indices stay valid while callbacks run and order is kept. Each sweep
/// removes at least half of what it visits, so its cost is amortised O(1) per subscribe.
///
/// Everything on the notification path is inlinable so that it is specialised for the concrete
/// state type in the module that creates the store: unspecialised generic code would look up
/// type metadata for every value it compares.
@usableFromInline
final class SubscriberRegistry<State> {
  /// One list per watched value type, each scanned in one typed loop.
  @exclusivity(unchecked) @usableFromInline var watchLists: [WatchListHandle<State>] = []
  /// Finds the list of a value type when subscribing; never iterated.
  @usableFromInline var watchListIndex: [ObjectIdentifier: Int] = [:]
  /// Finds a key path's observation when subscribing; never iterated.
  @usableFromInline var observations: [AnyKeyPath: AnyKeyPathObservation] = [:]
  @exclusivity(unchecked) @usableFromInline var wholeState: [SubscriberBox<(State) -> Void>] = []
  /// The observations whose value changed in this round; its storage is reused.
  @exclusivity(unchecked) @usableFromInline var changed: [AnyKeyPathObservation] = []
  @exclusivity(unchecked) @usableFromInline var liveCount = 0
  @exclusivity(unchecked) @usableFromInline var cancelledCount = 0
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  /// The next key path's place in the reporting order.
  @exclusivity(unchecked) @usableFromInline var nextSequence = 0
  /// Every watched value, when all are plain data at byte offsets, with their last bits: the
  /// store checks them inline after a send, and an unchanged round costs nothing more.
  @exclusivity(unchecked) @usableFromInline var quickWatches: [QuickWatch] = []
  /// True when ``quickWatches`` covers everything a round would look at (no whole-state
  /// subscribers, no value the quick check cannot read).
  @exclusivity(unchecked) @usableFromInline var quickCheckCovers = false

  @usableFromInline init() {}

  /// True when anyone listens.
  @inlinable var isActive: Bool { liveCount > 0 }

  @inlinable
  func add<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, current: State,
    onChange: @escaping (Value, Value) -> Void
  ) -> Subscription {
    sweepIfWorthIt()
    let list = watchList(of: Value.self)
    let observation: KeyPathObservation<State, Value>
    if let existing = observations[keyPath] {
      observation = unsafeDowncast(existing, to: KeyPathObservation<State, Value>.self)
      if observation.liveCount == 0 {
        // Revived before a sweep removed it: it joins the order as a new key path would, and
        // starts from the current value.
        observation.sequence = nextSequence
        nextSequence += 1
        observation.staged = nil
        list.watches[observation.slot].last = current[keyPath: keyPath]
      }
    } else {
      observation = KeyPathObservation(keyPath: keyPath, sequence: nextSequence)
      nextSequence += 1
      list.append(observation, current: current[keyPath: keyPath])
      observations[keyPath] = observation
    }
    let box = SubscriberBox(onChange)
    observation.subscribers.append(box)
    observation.liveCount += 1
    let subscription = track(box, in: observation)
    rebuildQuickWatches()
    return subscription
  }

  @inlinable
  func add(_ onChange: @escaping (State) -> Void) -> Subscription {
    sweepIfWorthIt()
    let box = SubscriberBox(onChange)
    wholeState.append(box)
    quickCheckCovers = false
    return track(box, in: nil)
  }

  /// True when no watched value's bits changed since the last round and the quick check
  /// covers every subscriber: the round would find nothing to report. Inline, no calls.
  @inlinable @inline(__always)
  func isUnchanged(_ state: UnsafeRawPointer) -> Bool {
    guard quickCheckCovers else { return false }
    // Words first, in a loop with no branch on the size: most watched values are `Int`s.
    let wordsSame = quickWords.withUnsafeBufferPointer { words in
      var same = true
      for word in words {
        same = same && state.loadUnaligned(fromByteOffset: word.offset, as: UInt64.self) == word.bits
      }
      return same
    }
    guard wordsSame else { return false }
    return quickWatches.withUnsafeBufferPointer { watches in
      for watch in watches {
        let (low, high) = QuickWatch.bits(state + watch.offset, size: watch.size)
        if low != watch.low || high != watch.high { return false }
      }
      return true
    }
  }

  /// The 8-byte quick watches, kept apart from ``quickWatches`` so their loop never branches
  /// on a size.
  @exclusivity(unchecked) @usableFromInline var quickWords: [QuickWord] = []

  /// Makes ``quickWatches`` again from the watch lists' last values.
  @usableFromInline
  func rebuildQuickWatches() {
    quickWatches.removeAll(keepingCapacity: true)
    var covers = wholeState.allSatisfy { !$0.isActive }
    for handle in watchLists where covers {
      covers = handle.appendQuick(&quickWatches)
    }
    if !covers { quickWatches.removeAll(keepingCapacity: true) }
    quickWords = quickWatches.filter { $0.size == 8 }.map { QuickWord(offset: $0.offset, bits: $0.low) }
    quickWatches.removeAll { $0.size == 8 }
    quickCheckCovers = covers
  }

  /// After a round: the quick watches take the bits the state has now (what the typed lists
  /// now hold as their last values, or values `==` to them).
  @inlinable
  func refreshQuickWatches(_ state: UnsafeRawPointer) {
    guard quickCheckCovers else { return }
    quickWords.withUnsafeMutableBufferPointer { words in
      for index in words.indices {
        words[index].bits = state.loadUnaligned(fromByteOffset: words[index].offset, as: UInt64.self)
      }
    }
    quickWatches.withUnsafeMutableBufferPointer { watches in
      for index in watches.indices {
        let (low, high) = QuickWatch.bits(state + watches[index].offset, size: watches[index].size)
        watches[index].low = low
        watches[index].high = high
      }
    }
  }

  /// The list of watched key paths whose value is a `Value`, made on first use in specialised
  /// code so that its scanning loop is specialised too.
  @inlinable
  func watchList<Value: Equatable>(of type: Value.Type) -> WatchList<State, Value> {
    let key = ObjectIdentifier(Value.self)
    if let index = watchListIndex[key] {
      return unsafeDowncast(watchLists[index].list, to: WatchList<State, Value>.self)
    }
    let list = WatchList<State, Value>()
    watchListIndex[key] = watchLists.count
    watchLists.append(
      WatchListHandle(
        list: list, scan: { state, changed in list.scan(state, into: &changed) },
        sweep: { list.sweep() }, appendQuick: { list.appendQuickWatches(to: &$0) }))
    return list
  }

  @usableFromInline
  func track(_ box: AnySubscriberBox, in observation: AnyKeyPathObservation?) -> Subscription {
    liveCount += 1
    // The box is held strongly (it holds nothing back): a weak reference would move its
    // reference count to a side table and make every retain in the notification loop slow.
    return Subscription { [weak self] in
      guard box.isActive else { return }
      box.isActive = false
      box.releaseCallback()
      observation?.liveCount -= 1
      self?.liveCount -= 1
      self?.cancelledCount += 1
    }
  }

  @usableFromInline
  func sweepIfWorthIt() {
    if _slowPath(cancelledCount > liveCount) && !isNotifying { sweep() }
  }

  /// Drops cancelled subscribers, and observations no one is left watching; keeps order.
  @usableFromInline
  func sweep() {
    for handle in watchLists {
      for keyPath in handle.sweep() { observations[keyPath] = nil }
    }
    wholeState.removeAll { !$0.isActive }
    cancelledCount = 0
    rebuildQuickWatches()
  }

  /// Compares each watched value with the last one seen, then calls the subscribers of the
  /// values that changed, then the whole-state subscribers.
  ///
  /// `state` points at the store's own state, so no value is copied to be compared. Callbacks
  /// run with it unchanged: actions they send are queued until the round ends.
  @inlinable
  func notify(_ state: UnsafePointer<State>) {
    if isUnchanged(UnsafeRawPointer(state)) { return }
    sweepIfWorthIt()
    isNotifying = true
    defer { isNotifying = false }
    var index = 0
    while index < watchLists.count {
      watchLists[index].scan(state, &changed)
      index += 1
    }
    refreshQuickWatches(UnsafeRawPointer(state))
    if _slowPath(!changed.isEmpty) { fireChanged() }
    if _slowPath(!wholeState.isEmpty) { fireWholeState(state) }
  }

  @usableFromInline
  func fireChanged() {
    var round: [AnyKeyPathObservation] = []
    swap(&round, &changed)
    if round.count > 1 { round.sort { $0.sequence < $1.sequence } }
    for observation in round { observation.fire(observation) }
    round.removeAll(keepingCapacity: true)
    swap(&round, &changed)
  }

  @inlinable
  func fireWholeState(_ state: UnsafePointer<State>) {
    // By index, up to the count now: callbacks may subscribe, which appends, and subscribers
    // added during the round start with the next one.
    let count = wholeState.count
    var index = 0
    while index < count {
      let box = wholeState[index]
      if let callback = box.callback { callback(state.pointee) }
      index += 1
    }
  }
}

/// A watch list seen without its value type: closures made where the type is known.
@usableFromInline
struct WatchListHandle<State> {
  @usableFromInline let list: AnyObject
  @usableFromInline let scan: (UnsafePointer<State>, inout [AnyKeyPathObservation]) -> Void
  /// Sweeps the list; returns the key paths of the observations it removed.
  @usableFromInline let sweep: () -> [AnyKeyPath]
  /// Appends the list's quick watches; false when it has a watch the quick check cannot read.
  @usableFromInline let appendQuick: (inout [QuickWatch]) -> Bool

  @inlinable
  init(
    list: AnyObject,
    scan: @escaping (UnsafePointer<State>, inout [AnyKeyPathObservation]) -> Void,
    sweep: @escaping () -> [AnyKeyPath],
    appendQuick: @escaping (inout [QuickWatch]) -> Bool
  ) {
    self.list = list
    self.scan = scan
    self.sweep = sweep
    self.appendQuick = appendQuick
  }
}

/// Whether a subscriber is still wanted; the token flips it.
@usableFromInline
class AnySubscriberBox {
  @exclusivity(unchecked) @usableFromInline final var isActive = true
  @usableFromInline init() {}

  /// Lets go of the callback, and of whatever it captured, when the subscription is cancelled.
  ///
  /// The box itself stays in the registry until the next sweep; without this, a callback that
  /// captured the store would keep the store alive through its own registry (a cycle) until
  /// then, and forever if no sweep came.
  @usableFromInline func releaseCallback() {}
}

/// One subscriber's callback.
@usableFromInline
final class SubscriberBox<Callback>: AnySubscriberBox {
  /// `nil` once cancelled: the notification loops call only what is still here, so a
  /// cancelled subscriber is skipped with the same check that loads its callback.
  @exclusivity(unchecked) @usableFromInline var callback: Callback?
  @inlinable init(_ callback: Callback) { self.callback = callback }
  @usableFromInline override func releaseCallback() { callback = nil }
}
