# The two commands of README.md. Both install whatever is missing first.
.PHONY: serve test
serve:
	@bash scripts/dev.sh serve
test:
	@bash scripts/dev.sh test
