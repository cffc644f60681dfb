#include "clw/engine/session/StructValue.h"

#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>
#include <sstream>

namespace clw::engine {

namespace {

std::string trimmed(const std::string& text) {
    const size_t first = text.find_first_not_of(" \t");
    const size_t last = text.find_last_not_of(" \t");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

// The bytes one field covers, for telling union members apart.
std::pair<size_t, size_t> byteRange(const StructField& field) {
    return {field.offset, field.offset + field.elementSize() * field.count};
}

} // namespace

std::vector<std::string> splitComponents(std::string_view text) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream stream{std::string(text)};
    while (std::getline(stream, part, ','))
        parts.push_back(trimmed(part));
    if (!text.empty() && text.back() == ',')
        parts.push_back({});
    return parts;
}

std::string structFieldTypeName(const StructField& field) {
    std::string name = scalarTypeName(field.element);
    if (field.vectorWidth > 1)
        name += std::to_string(field.vectorWidth);
    if (field.count > 1)
        name += "[" + std::to_string(field.count) + "]";
    return name;
}

std::string describeStructFields(const ArgType& type) {
    std::string text;
    for (const StructField& field : type.fields)
        text += (text.empty() ? "" : ", ") + field.path + " (" + structFieldTypeName(field) + ")";
    return text;
}

std::string packStructValue(const ArgType& type, const std::vector<SessionField>& given,
                            std::vector<unsigned char>& bytes) {
    if (type.fields.empty() || type.size == 0)
        return "the engine does not know the layout of '" + type.typeName + "'" +
               (type.resolution.empty() ? std::string() : ": " + type.resolution);
    bytes.assign(type.size, 0);
    std::vector<const StructField*> written;
    for (const SessionField& value : given) {
        const auto field = std::find_if(type.fields.begin(), type.fields.end(),
                                        [&](const StructField& f) { return f.path == value.path; });
        if (field == type.fields.end())
            return "'" + type.typeName + "' has no field '" + value.path + "'; its fields are " +
                   describeStructFields(type);
        const auto [begin, end] = byteRange(*field);
        for (const StructField* other : written) {
            const auto [otherBegin, otherEnd] = byteRange(*other);
            if (begin < otherEnd && otherBegin < end)
                return "'" + other->path + "' and '" + field->path +
                       "' share bytes (members of one union): give one of them";
        }
        written.push_back(&*field);
        const std::vector<std::string> parts = splitComponents(value.value);
        const size_t components = field->components();
        if (parts.size() != 1 && parts.size() != components)
            return "field '" + field->path + "' (" + structFieldTypeName(*field) + "): '" +
                   value.value + "' has " + std::to_string(parts.size()) + " values; give " +
                   std::to_string(components) +
                   (components > 1 ? ", separated by commas, or one for all" : "");
        const size_t width = size_t(field->vectorWidth);
        const size_t scalar = scalarSize(field->element);
        for (size_t c = 0; c < components; ++c) {
            const std::string& text = parts.size() == 1 ? parts[0] : parts[c];
            unsigned char* out = bytes.data() + field->offset + c / width * field->elementSize() +
                                 c % width * scalar;
            const std::string problem = parseScalar(field->element, text, out);
            if (!problem.empty())
                return "field '" + field->path + "'" +
                       (components > 1 ? " component " + std::to_string(c) : std::string()) + ": " +
                       problem;
        }
    }
    return {};
}

} // namespace clw::engine
