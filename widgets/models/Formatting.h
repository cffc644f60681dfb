#pragma once
// Small text helpers shared by models and panels.
#include <QString>

#include <cstdint>

namespace clw::ui {

// "1.5 GiB", binary units, as engine::humanBytes.
QString formatBytes(std::uint64_t bytes);

} // namespace clw::ui
