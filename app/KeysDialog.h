#pragma once
// Help > Keys (issue 65): every action of the window's menus that has a key, with its menu and
// what it does, read from the menus when it opens (so it never disagrees with them).
#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace clw::app {

class KeysDialog : public QDialog {
    Q_OBJECT
public:
    KeysDialog(const QMenuBar& menus, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};

} // namespace clw::app
