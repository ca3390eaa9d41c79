import GameCore

// The settings are part of the state (the rules read them every tick): hashed by their
// description like the rest.
extension BlocksSettings: StateValue {}
extension BlocksSettings.Opponent: StateValue {}
