#pragma once
// A struct argument's value in a session file: nested JSON objects and arrays
// ({ "pos": { "x": 1 }, "w": [1, 2, 3, 4], "cells": [{ "id": 7 }] }) read into flat fields
// ("pos.x", "w", "cells[0].id") and written back nested. Private to the engine.
#include "JsonCursor.h"

#include "clw/engine/session/Session.h"

#include <vector>

namespace clw::engine {

// Fails (SessionError naming the field) on a value that is not a number, a string, an array of
// them, or an object of fields.
std::vector<SessionField> readStructFields(const JsonCursor& object);

// A value component or a list of them as text: 3 -> "3", [1, 2] -> "1, 2".
std::string readComponents(const JsonCursor& value);

nlohmann::ordered_json writeStructFields(const std::vector<SessionField>& fields);

} // namespace clw::engine
