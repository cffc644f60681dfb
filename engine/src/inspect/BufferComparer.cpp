#include "clw/engine/inspect/BufferComparer.h"

#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/inspect/ScalarValue.h"
#include "clw/engine/inspect/UlpDistance.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace clw::engine {

namespace {

// The layout's columns one after another, as .npy arrays hold a scalar or vector type.
ElementLayout packedLayout(const ElementLayout& layout) {
    std::vector<ElementColumn> columns = layout.columns();
    size_t offset = 0;
    for (ElementColumn& column : columns) {
        column.offset = offset;
        offset += column.size();
    }
    return ElementLayout(layout.name(), std::move(columns), offset, 1);
}

// True when the columns are an OpenCL vector's x, y, z, w or s0..sf.
bool isVector(const ElementLayout& layout) {
    const int width = layout.columnCount();
    if (width < 2 || !layout.commonScalar())
        return false;
    for (int i = 0; i < width; ++i)
        if (layout.columns()[size_t(i)].name != vectorComponentName(i, width))
            return false;
    return true;
}

// What one element's scalars say about the distance between A and B.
struct ElementErrors {
    double absolute = 0; // the largest finite |a - b|
    double relative = 0; // the largest finite |a - b| / |b|, b not 0
    std::optional<std::uint64_t> ulps;
    bool nanAgainstNumber = false;
    bool floating = false;
};

ElementErrors errorsOf(const ElementLayout& layout, const unsigned char* a,
                       const unsigned char* b) {
    ElementErrors errors;
    for (const ElementColumn& column : layout.columns()) {
        const unsigned char* ca = a + column.offset;
        const unsigned char* cb = b + column.offset;
        const bool isFloat = isFloatScalar(column.scalar);
        errors.floating = errors.floating || isFloat;
        if (std::memcmp(ca, cb, column.size()) == 0) {
            if (isFloat)
                errors.ulps = errors.ulps.value_or(0);
            continue;
        }
        if (isFloat) {
            if (const std::optional<std::uint64_t> ulps = ulpDistance(column.scalar, ca, cb))
                errors.ulps = std::max(errors.ulps.value_or(0), *ulps);
            else
                errors.nanAgainstNumber = true;
        }
        const double va = readScalar(column.scalar, ca);
        const double vb = readScalar(column.scalar, cb);
        const double diff = std::fabs(va - vb);
        if (!std::isfinite(diff))
            continue; // a NaN or an infinity: counted as such, not as a size
        errors.absolute = std::max(errors.absolute, diff);
        if (vb != 0)
            errors.relative = std::max(errors.relative, diff / std::fabs(vb));
    }
    return errors;
}

std::array<std::uint64_t, 3> coordinatesOf(const std::vector<std::uint64_t>& shape,
                                           std::uint64_t index) {
    const std::uint64_t width = shape.empty() || shape[0] == 0 ? 1 : shape[0];
    const std::uint64_t height = shape.size() < 2 || shape[1] == 0 ? 1 : shape[1];
    return {index % width, (index / width) % height, index / width / height};
}

} // namespace

std::optional<BufferComparer::View>
BufferComparer::view(const ElementLayout& layout, std::uint64_t count, const NpyArray& array) {
    const std::uint64_t bytes = array.data.size();
    View view;
    view.count = count;
    view.data = array.data.data();
    // Whole elements: a struct's rows, or a type whose columns leave no padding (both forms agree).
    if (bytes == count * layout.size() && (array.type == NpyType::UInt8 || layout.isPacked())) {
        view.layout = layout;
        view.stride = layout.size();
        return view;
    }
    const size_t packed = PackedColumns::packedSize(layout);
    if (bytes == count * packed) {
        view.layout = packedLayout(layout);
        view.stride = packed;
        return view;
    }
    return std::nullopt;
}

void BufferComparer::compare(const View& a, const View& b, BufferComparison& result) {
    auto mask = std::make_shared<ElementDiff>(a.layout, result.tolerance.diffOptions());
    mask->addRun(a.data, b.data, size_t(a.count), a.stride, 0);
    result.compared = mask->compared();
    result.differing = mask->changed();
    result.status = result.differing == 0 ? BufferComparison::Status::Within
                                          : BufferComparison::Status::Differs;

    for (std::uint64_t e = 0; e < a.count; ++e) {
        const ElementErrors errors =
            errorsOf(a.layout, a.data + e * a.stride, b.data + e * b.stride);
        if (errors.absolute > result.maxAbsolute) {
            result.maxAbsolute = errors.absolute;
            result.maxAbsoluteElement = e;
        }
        result.maxRelative = std::max(result.maxRelative, errors.relative);
        if (!errors.floating)
            continue;
        result.floating = true;
        if (errors.nanAgainstNumber) {
            result.ulpHistogram.addNaNAgainstNumber();
            continue;
        }
        const std::uint64_t ulps = errors.ulps.value_or(0);
        result.ulpHistogram.add(ulps);
        result.maxUlps = std::max(result.maxUlps.value_or(0), ulps);
    }

    for (const auto& [begin, end] : mask->ranges()) {
        for (std::uint64_t e = begin;
             e < end && result.firstDifferences.size() < BufferComparison::kFirstDifferences; ++e) {
            const unsigned char* ea = a.data + e * a.stride;
            const unsigned char* eb = b.data + e * b.stride;
            const ElementErrors errors = errorsOf(a.layout, ea, eb);
            DifferingElement element;
            element.index = e;
            element.coordinates = coordinatesOf(result.shape, e);
            element.a = elementText(a.layout, ea);
            element.b = elementText(b.layout, eb);
            element.absoluteError = errors.absolute;
            if (errors.floating && !errors.nanAgainstNumber)
                element.ulps = errors.ulps;
            result.firstDifferences.push_back(std::move(element));
        }
        if (result.firstDifferences.size() == BufferComparison::kFirstDifferences)
            break;
    }
    result.mismatches = std::move(mask);
}

std::string BufferComparer::elementText(const ElementLayout& layout, const unsigned char* element) {
    const std::vector<ElementColumn>& columns = layout.columns();
    if (columns.size() == 1)
        return formatScalar(columns[0].scalar, element + columns[0].offset);
    const bool vector = isVector(layout);
    std::string text = vector ? "(" : "{";
    for (size_t i = 0; i < columns.size(); ++i) {
        if (i)
            text += ", ";
        if (!vector)
            text += columns[i].name + "=";
        text += formatScalar(columns[i].scalar, element + columns[i].offset);
    }
    return text + (vector ? ")" : "}");
}

} // namespace clw::engine
