#include "RunRecord.h"

#include <QStringList>

#include <algorithm>

namespace clw::ui {

double RunRecord::minNs() const {
    return kernelNs.empty() ? 0 : *std::min_element(kernelNs.begin(), kernelNs.end());
}

double RunRecord::medianNs() const {
    if (kernelNs.empty())
        return 0;
    std::vector<double> sorted = kernelNs;
    std::sort(sorted.begin(), sorted.end());
    const size_t mid = sorted.size() / 2;
    return sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

double RunRecord::maxNs() const {
    return kernelNs.empty() ? 0 : *std::max_element(kernelNs.begin(), kernelNs.end());
}

QString RunRecord::sizeText(const std::vector<std::uint64_t>& size) {
    if (size.empty())
        return QStringLiteral("auto");
    QStringList parts;
    for (std::uint64_t value : size)
        parts.append(QString::number(value));
    return parts.join(QStringLiteral(" x "));
}

} // namespace clw::ui
