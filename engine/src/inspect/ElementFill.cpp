#include "clw/engine/inspect/ElementFill.h"

#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/ScalarValue.h"

#include <cmath>
#include <cstring>

namespace clw::engine {

namespace {

// SplitMix64: a good 64-bit mix of a counter, so random values need no sequential state.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

std::vector<std::string> splitConstant(const std::string& text) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == ',') {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

} // namespace

ElementFill::ElementFill(const ElementLayout& layout, const FillSpec& spec)
    : m_layout(layout)
    , m_spec(spec) {
    using Kind = FillSpec::Kind;
    if (spec.kind == Kind::Zeros || spec.kind == Kind::Constant) {
        m_uniform = true;
        m_pattern.assign(layout.size(), 0);
    }
    if (spec.kind == Kind::Constant) {
        const std::vector<std::string> parts = splitConstant(spec.constant);
        const size_t columns = layout.columns().size();
        if (parts.size() != 1 && parts.size() != columns)
            throw ImportError("give one value for every column or " + std::to_string(columns) +
                              " values (one a column), not " + std::to_string(parts.size()));
        for (size_t c = 0; c < columns; ++c) {
            const ElementColumn& column = layout.columns()[c];
            const std::string& text = parts.size() == 1 ? parts[0] : parts[c];
            const std::string problem =
                parseScalar(column.scalar, text, m_pattern.data() + column.offset);
            if (!problem.empty())
                throw ImportError(column.name + ": " + problem);
        }
    }
    if (spec.kind == Kind::Random && !(spec.high > spec.low))
        throw ImportError("the random range is empty: low must be below high");
}

void ElementFill::generate(std::uint64_t first, size_t count, unsigned char* out,
                           size_t stride) const {
    using Kind = FillSpec::Kind;
    if (m_uniform) {
        for (size_t e = 0; e < count; ++e)
            std::memcpy(out + e * stride, m_pattern.data(), m_pattern.size());
        return;
    }
    const size_t columns = m_layout.columns().size();
    for (size_t e = 0; e < count; ++e) {
        unsigned char* element = out + e * stride;
        std::memset(element, 0, m_layout.size());
        const std::uint64_t index = first + e;
        for (size_t c = 0; c < columns; ++c) {
            const ElementColumn& column = m_layout.columns()[c];
            unsigned char* at = element + column.offset;
            if (m_spec.kind == Kind::Ramp) {
                const double value = m_spec.start + m_spec.step * double(index);
                // Integers past 2^53 stay exact when start and step are whole.
                if (!isFloatScalar(column.scalar) && m_spec.start == std::floor(m_spec.start) &&
                    m_spec.step == std::floor(m_spec.step) && std::fabs(value) > 9.0e15)
                    writeScalarInteger(column.scalar,
                                       std::int64_t(m_spec.start) +
                                           std::int64_t(m_spec.step) * std::int64_t(index),
                                       at);
                else
                    writeScalar(column.scalar, value, at);
                continue;
            }
            const std::uint64_t bits = mix(m_spec.seed ^ mix(index * columns + c));
            if (isFloatScalar(column.scalar)) {
                const double unit = double(bits >> 11) * 0x1.0p-53; // [0, 1)
                writeScalar(column.scalar, m_spec.low + (m_spec.high - m_spec.low) * unit, at);
            } else {
                const double low = std::ceil(m_spec.low);
                const double span = std::floor(m_spec.high) - low + 1;
                const double pick =
                    span > 0 ? std::floor(double(bits >> 11) * 0x1.0p-53 * span) : 0;
                writeScalar(column.scalar, low + pick, at);
            }
        }
    }
}

} // namespace clw::engine
