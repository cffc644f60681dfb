#include "StructFieldJson.h"

#include <algorithm>

namespace clw::engine {

namespace {

bool isComponent(const nlohmann::json& value) {
    return value.is_number() || value.is_string();
}

// An array of numbers and strings, nested to any depth (an array of vectors).
bool isComponentList(const nlohmann::json& value) {
    return value.is_array() && std::all_of(value.begin(), value.end(), [](const auto& element) {
               return isComponent(element) || isComponentList(element);
           });
}

// A struct field's name as OpenCL C spells it. Paths join names with '.' and "[i]", so a name with
// those in it would not write back to the same field.
bool isIdentifier(const std::string& name) {
    if (name.empty() || (name.front() >= '0' && name.front() <= '9'))
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_';
    });
}

void flatten(const JsonCursor& value, const std::string& path, std::vector<SessionField>& out) {
    const nlohmann::json& json = value.json();
    if (isComponent(json) || isComponentList(json)) {
        out.push_back({path, readComponents(value)});
    } else if (json.is_object()) {
        if (json.empty() && path.empty())
            value.fail("gives no fields; give at least one, as { \"x\": 1 }");
        for (const auto& item : json.items()) {
            if (!isIdentifier(item.key()))
                value.fail("has a field named \"" + item.key() +
                           "\": a field's name is a C identifier (letters, digits and _, not "
                           "starting with a digit), as in the struct");
            flatten(value.field(item.key()), path.empty() ? item.key() : path + "." + item.key(),
                    out);
        }
    } else if (json.is_array()) {
        const std::vector<JsonCursor> elements = value.elements();
        for (size_t i = 0; i < elements.size(); ++i) {
            if (!elements[i].json().is_object())
                elements[i].fail("mixes fields and values in one array; an array of structs "
                                 "gives an object for every element");
            flatten(elements[i], path + "[" + std::to_string(i) + "]", out);
        }
    } else {
        value.fail("is not a field's value: give a number, a string, an array of them for a "
                   "vector or an array, or an object of fields for a struct");
    }
}

// "cells[1].id" -> the JSON it is written at, creating objects and arrays on the way.
nlohmann::ordered_json& slot(nlohmann::ordered_json& root, const std::string& path) {
    nlohmann::ordered_json* at = &root;
    size_t begin = 0;
    while (begin <= path.size()) {
        size_t end = path.find('.', begin);
        if (end == std::string::npos)
            end = path.size();
        std::string name = path.substr(begin, end - begin);
        std::vector<size_t> indices;
        for (size_t open = name.find('['); open != std::string::npos; open = name.find('[')) {
            const size_t close = name.find(']', open);
            indices.push_back(std::stoul(name.substr(open + 1, close - open - 1)));
            name.erase(open, close - open + 1);
        }
        at = &(*at)[name];
        for (size_t index : indices) {
            if (!at->is_array())
                *at = nlohmann::ordered_json::array();
            while (at->size() <= index)
                at->push_back(nlohmann::ordered_json::object()); // elements not given stay empty
            at = &(*at)[index];
        }
        begin = end + 1;
    }
    return *at;
}

} // namespace

std::string readComponents(const JsonCursor& value) {
    if (!value.json().is_array())
        return value.text();
    std::string text;
    for (const JsonCursor& element : value.elements())
        text += (text.empty() ? "" : ", ") + readComponents(element);
    return text;
}

std::vector<SessionField> readStructFields(const JsonCursor& object) {
    std::vector<SessionField> fields;
    flatten(object, {}, fields);
    return fields;
}

nlohmann::ordered_json writeStructFields(const std::vector<SessionField>& fields) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const SessionField& field : fields)
        slot(out, field.path) = field.value;
    return out;
}

} // namespace clw::engine
