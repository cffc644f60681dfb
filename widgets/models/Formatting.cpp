#include "models/Formatting.h"

#include "clw/engine/runtime/InfoValue.h"

namespace clw::ui {

QString formatBytes(std::uint64_t bytes) {
    return QString::fromStdString(engine::humanBytes(bytes));
}

} // namespace clw::ui
