#pragma once
// A launch's global size, local size or offset as the launch panel shows and reads it: 1 to 3
// sizes separated by commas, spaces or 'x' ("1024", "64, 64", "16 x 16 x 4"). Qt Core only.
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace clw::ui {

// The sizes in `text`; empty text gives an empty vector (no local size, no offset). nullopt when
// the text is not 1 to 3 whole numbers (or a 0 where `allowZero` is false), with `error` saying
// what is wrong.
std::optional<std::vector<std::uint64_t>> parseSizes(const QString& text, QString* error,
                                                     bool allowZero = false);
// "64, 64": what parseSizes reads back; empty for no sizes.
QString sizesText(const std::vector<std::uint64_t>& sizes);

} // namespace clw::ui
