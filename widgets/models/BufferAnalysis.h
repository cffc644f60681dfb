#pragma once
// What the inspector's statistics, histogram and line plot show for a range of elements: one entry
// per column of the element type.
#include "clw/engine/inspect/ColumnStatistics.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/Histogram.h"
#include "clw/engine/inspect/PlotEnvelope.h"

#include <cstdint>
#include <vector>

namespace clw::ui {

struct BufferAnalysis {
    std::uint64_t firstElement = 0;
    std::uint64_t elementCount = 0;
    engine::ElementLayout layout;
    std::vector<engine::ColumnStatistics> statistics;
    std::vector<engine::Histogram> histograms;
    std::vector<engine::PlotEnvelope> envelopes;
};

} // namespace clw::ui
