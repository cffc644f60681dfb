#include "launch/ScalarValidator.h"

#include "models/ArgumentRules.h"

namespace clw::ui {

ScalarValidator::ScalarValidator(engine::ScalarType element, int width, QObject* parent)
    : QValidator(parent)
    , m_element(element)
    , m_width(width) {}

QValidator::State ScalarValidator::validate(QString& input, int& /*position*/) const {
    return problem(input).isEmpty() ? Acceptable : Intermediate;
}

QString ScalarValidator::problem(const QString& text) const {
    return valueProblem(m_element, m_width, text);
}

} // namespace clw::ui
