#pragma once
// How QCOMPARE prints a JSON value that differs: QTest finds a toString() for a type by
// argument-dependent lookup. Without this one it asks whether QDebug can print the value, and
// nlohmann::json, which converts to any type, makes the compiler try each of QDebug's operators,
// Windows' MSG among them: a type left incomplete there, so a test does not compile for Windows.
#include <QByteArray>

#include <nlohmann/json.hpp>

namespace nlohmann {

inline char* toString(const json& value) {
    return qstrdup(value.dump().c_str()); // QTest frees it with delete[]
}

} // namespace nlohmann
