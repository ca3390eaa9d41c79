/// What happens to the attract mode around the player's game: ``SessionReducer`` folds these
/// into ``SessionState/attract``.
package enum AttractAction: Equatable, Sendable {
  /// The window chose its attract mode (``AttractMode/off`` for a game with no bot).
  case chosen(AttractMode)
  /// The player's game ran a tick; `idle` when nothing was held and the screen is one a demo
  /// may cover (not play, not an initials entry).
  case playerTicked(idle: Bool)
  /// The driver put demo ``AttractState/demosShown`` + 1 on screen, as
  /// ``SessionRequest/startDemo`` asked.
  case demoStarted
  /// The demo on screen ended.
  case demoEnded(AttractEnd)
  /// A key, button or click: the idle wait starts over.
  case woke
  /// The player rewound: the idle wait starts over.
  case steppedBack
}
