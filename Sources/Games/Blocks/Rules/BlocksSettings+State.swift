import GameCore

// The settings are part of the state (the rules read them every tick): hashed as their
// header bytes, as rules version 2 hashed them; the opponent is a state field of its own.
extension BlocksSettings: StableHashable {}
extension BlocksSettings.Opponent: StateValue {}
